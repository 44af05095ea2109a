import { handleOnRampWebhook } from "@/server/api/onramp-webhook";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ credentialId: string }> }) {
  return handleOnRampWebhook(await getRuntime(), request, (await params).credentialId);
}
