import { healthResponse } from "../observability/health";
import { getRuntime } from "../runtime";
import { apiSecurityHeaders, servedOverHttps } from "./security-headers";

/**
 * GET /healthz as the HTTP layer answers it: the health report (observability/health.ts) with the
 * API's headers — it is JSON like the API's answers, and the proxy skips its path as it does theirs.
 */
export async function healthAnswer(): Promise<Response> {
  let report: Response;
  let https = false;
  try {
    const app = await getRuntime();
    https = servedOverHttps(app.config.origins);
    report = await healthResponse(app);
  } catch (error) {
    report = await healthResponse(undefined, error);
  }
  for (const [name, value] of Object.entries(apiSecurityHeaders(https))) report.headers.set(name, value);
  return report;
}
