import { guardedMetricsResponse } from "@/server/observability/metrics";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const app = await getRuntime();
  return guardedMetricsResponse(app.metrics, app.config.metricsToken, request.headers.get("authorization"));
}
