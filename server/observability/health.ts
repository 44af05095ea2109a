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

/** The report as plain data, served as any API answer is (server/api/answer.ts says why not a Response). */
export interface HealthReport {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * GET /healthz: 200 when the database answers and is fully migrated, 503 otherwise. It lists the
 * chains too, saying plainly which are local devnets (started on first use) and which real nodes.
 */
export async function healthReport(
  app: AppContext | undefined,
  startupError?: unknown,
): Promise<HealthReport> {
  const headers = { "content-type": "application/json", "cache-control": NO_STORE_NO_TRANSFORM };
  const report = (status: number, value: unknown): HealthReport => ({
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
