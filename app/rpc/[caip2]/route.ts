import { handleRpcRequest } from "@/server/api/rpc";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ caip2: string }> }) {
  return handleRpcRequest(await getRuntime(), request, (await params).caip2);
}
