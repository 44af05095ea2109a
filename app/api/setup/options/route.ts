import { getRuntime } from "@/server/runtime";
import { handleFirstRun } from "@/server/setup/http";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return handleFirstRun(await getRuntime(), "options", request);
}
