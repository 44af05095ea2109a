import { healthResponse } from "@/server/observability/health";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  try {
    return await healthResponse(await getRuntime());
  } catch (error) {
    return healthResponse(undefined, error);
  }
}
