import type { ApiAnswer } from "../api/answer";
import { toResponse } from "../api/answer";
import type { AppContext } from "../context";
import { NO_STORE_NO_TRANSFORM } from "./cache-control";

/**
 * The driver's own words ("PGlite is closed", "connect ECONNREFUSED …"), under the query wrapper's:
 * they say what to fix, and the readiness query carries no values to leak.
 */
function driverMessage(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return inner instanceof Error ? inner.message : String(inner);
}

/**
 * GET /healthz: 200 when the database answers and is fully migrated, 503 otherwise. It lists the
 * chains too, saying plainly which are local devnets (started on first use) and which real nodes.
 */
export async function healthResponse(app: AppContext | undefined, startupError?: unknown): Promise<Response> {
  return toResponse(await healthReport(app, startupError));
}

/** The same report as plain data (answer.ts), as `latchkey start` writes it. */
export async function healthReport(app: AppContext | undefined, startupError?: unknown): Promise<ApiAnswer> {
  const headers = { "content-type": "application/json", "cache-control": NO_STORE_NO_TRANSFORM };
  const report = (status: number, value: unknown): ApiAnswer => ({
    status,
    headers,
    body: JSON.stringify(value),
  });
  if (!app) {
    const reason = startupError === undefined ? "starting" : `startup failed: ${driverMessage(startupError)}`;
    return report(503, { status: "unavailable", reason });
  }
  try {
    const readiness = await app.databaseReadiness();
    const { applied, expected } = readiness.migrations;
    if (applied >= expected) {
      const chains = app.chains.status().map(({ caip2, local, running }) => ({ caip2, local, running }));
      return report(200, { status: "ok", driver: app.driver, pid: process.pid, ...readiness, chains });
    }
    const reason = `${applied} of ${expected} database migrations applied`;
    return report(503, { status: "migrating", driver: app.driver, ...readiness, reason });
  } catch (error) {
    const reason = `database unreachable: ${driverMessage(error)}`;
    return report(503, { status: "unavailable", driver: app.driver, database: false, reason });
  }
}
