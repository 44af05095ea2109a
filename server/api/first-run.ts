import { ZFirstRunRequest } from "@/lib/api/setup";
import type { AppContext } from "../context";
import { ApiError, errorBody, internalError } from "../errors";
import { newId } from "../ids";
import { enforceRateLimits } from "../rate-limit/enforce";
import { completeFirstRun, firstRunOptions, needsSetup } from "../setup/first-run";
import { parseJsonObject, readRawBody } from "./body";
import { clientAddress } from "./client-address";
import { httpStatus } from "./http-status";
import { validate } from "./validate";

export type FirstRunAction = "status" | "options" | "create";

/**
 * The first-run endpoints (/api/setup…), with the API's error shape. They exist only because an
 * empty installation has nobody who could stamp a request; once an organization exists they refuse.
 */
export async function handleFirstRun(app: AppContext, action: FirstRunAction, request: Request) {
  const requestId = newId();
  try {
    // Unauthenticated like a request with no stamp: only the client address's budget applies. A
    // challenge is issued per call, so a flood is held back here.
    await enforceRateLimits(app, {
      kind: action === "create" ? "activity" : "query",
      credential: undefined,
      address: clientAddress(request.headers, app.config.trustProxyHops),
    });
    let body: unknown;
    if (action === "status") body = { needsSetup: await needsSetup(app) };
    else if (action === "options") body = await firstRunOptions(app);
    else {
      const raw = await readRawBody(request, app.config.maxBodyBytes);
      body = await completeFirstRun(app, validate(ZFirstRunRequest, parseJsonObject(raw).value));
    }
    return Response.json(body, { headers: { "x-request-id": requestId, "cache-control": "no-store" } });
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : internalError();
    if (!(caught instanceof ApiError)) app.logger.error({ requestId, err: caught }, "first run failed");
    app.logger.info({ requestId, path: `/api/setup/${action}`, status: httpStatus(error) }, "request");
    const retryAfter: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { "retry-after": String(error.retryAfterSeconds) };
    return Response.json(errorBody(error, requestId), { status: httpStatus(error), headers: retryAfter });
  }
}
