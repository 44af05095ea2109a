import { metricsResponse } from "@/server/observability/metrics";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function GET() {
  return metricsResponse((await getRuntime()).metrics);
}
