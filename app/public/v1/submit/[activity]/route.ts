import { handleApiRequest } from "@/server/api/handle";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ activity: string }> }) {
  return handleApiRequest(await getRuntime(), request, { kind: "submit", path: (await params).activity });
}
