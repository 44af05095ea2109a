import { takeSnapshot } from "../backup/snapshot";
import type { AppContext } from "../context";
import { backupToken, sameToken } from "../crypto/master-key-derived";
import { ApiError, errorBody, internalError, unauthenticated } from "../errors";
import { newId } from "../ids";
import { httpStatus } from "./http-status";

/**
 * POST /api/admin/backup: the snapshot `latchkey backup` asks a running server for. PGlite lets one
 * process open its data directory, so while the server runs only the server can read it. The caller
 * proves it holds the master key (`Authorization: Bearer <backupToken(master key)>`, which the CLI
 * derives from the same key the server runs with); the answer is sealed under that key anyway.
 */
export async function handleBackupRequest(app: AppContext, request: Request): Promise<Response> {
  const requestId = newId();
  const headers = { "x-request-id": requestId, "cache-control": "no-store" };
  try {
    const bearer = request.headers.get("authorization")?.replace(/^Bearer /, "");
    if (!sameToken(backupToken(app.keyring.current), bearer)) {
      throw unauthenticated(
        "BACKUP_TOKEN_INVALID",
        "the backup endpoint needs Authorization: Bearer <token derived from this server's master key> (use `latchkey backup`)",
      );
    }
    const snapshot = await takeSnapshot(app, app.clock.now());
    app.logger.info(
      { requestId, path: "/api/admin/backup", status: 200, bytes: snapshot.length },
      "backup taken",
    );
    return new Response(snapshot, { headers: { ...headers, "content-type": "application/x-ndjson" } });
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : internalError();
    if (!(caught instanceof ApiError)) app.logger.error({ requestId, err: caught }, "backup failed");
    app.logger.info({ requestId, path: "/api/admin/backup", status: httpStatus(error) }, "request");
    return Response.json(errorBody(error, requestId), { status: httpStatus(error), headers });
  }
}
