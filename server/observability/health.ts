import type { AppContext } from "../context";
import { databaseReadiness } from "../db/open";

/** GET /healthz: 200 when the database answers and is fully migrated, 503 otherwise. */
export async function healthResponse(app: AppContext | undefined, startupError?: unknown): Promise<Response> {
  const headers = { "content-type": "application/json", "cache-control": "no-store" };
  if (!app) {
    const message = startupError instanceof Error ? startupError.message : "starting";
    return new Response(JSON.stringify({ status: "unavailable", error: message }), { status: 503, headers });
  }
  try {
    const readiness = await databaseReadiness(app.db, app.migrationsSchema);
    const ready = readiness.migrations.applied >= readiness.migrations.expected;
    return new Response(
      JSON.stringify({ status: ready ? "ok" : "migrating", driver: app.driver, ...readiness }),
      { status: ready ? 200 : 503, headers },
    );
  } catch {
    return new Response(JSON.stringify({ status: "unavailable", driver: app.driver, database: false }), {
      status: 503,
      headers,
    });
  }
}
