import { healthReport } from "../observability/health";
import { getRuntime } from "../runtime";
import { type ApiAnswer, mergedHeaders, toResponse } from "./answer";
import { apiSecurityHeaders, servedOverHttps } from "./security-headers";

/**
 * GET /healthz as the HTTP layer answers it: the health report (observability/health.ts) with the
 * API's headers — it is JSON like the API's answers, and the proxy skips its path as it does theirs.
 */
export async function healthAnswer(): Promise<Response> {
  return toResponse(await healthJson());
}

/** The same answer as plain data (answer.ts), as `latchkey start` writes it. */
export async function healthJson(): Promise<ApiAnswer> {
  let report: ApiAnswer;
  let https = false;
  try {
    const app = await getRuntime();
    https = servedOverHttps(app.config.origins);
    report = await healthReport(app);
  } catch (error) {
    report = await healthReport(undefined, error);
  }
  return { ...report, headers: mergedHeaders(report.headers, apiSecurityHeaders(https)) };
}
