import { handleApiRequest } from "@/server/api/handle";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ query: string }> }) {
  return handleApiRequest(await getRuntime(), request, { kind: "query", path: (await params).query });
}
