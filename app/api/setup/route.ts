import { handleFirstRun } from "@/server/api/first-run";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  return handleFirstRun(await getRuntime(), "status", request);
}

export async function POST(request: Request) {
  return handleFirstRun(await getRuntime(), "create", request);
}
