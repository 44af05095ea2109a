import { ZEmailSignInCodeRequest, ZEmailSignInSessionRequest } from "@/lib/api/email-sign-in";
import type { AppContext } from "../context";
import { ApiError, errorBody, internalError } from "../errors";
import { newId } from "../ids";
import { finishSignIn, requestSignInCode } from "../otp/dashboard-sign-in";
import { enforceRateLimits } from "../rate-limit/enforce";
import { parseJsonObject, readRawBody } from "./body";
import { clientAddress } from "./client-address";
import { httpStatus } from "./http-status";
import { validate } from "./validate";

export type EmailSignInStep = "code" | "session";

/**
 * The dashboard's e-mail sign-in (/api/login/email/code, /api/login/email/session), with the API's
 * error shape. Unstamped because the browser holds no credential yet: the e-mailed code is the
 * proof, so only the client address's request budget and init_otp's code limits apply.
 */
export async function handleEmailSignIn(app: AppContext, step: EmailSignInStep, request: Request) {
  const requestId = newId();
  const path = `/api/login/email/${step}`;
  try {
    const address = clientAddress(request.headers, app.config.trustProxyHops);
    await enforceRateLimits(app, { kind: "activity", credential: undefined, address });
    const raw = await readRawBody(request, app.config.maxBodyBytes);
    const json = parseJsonObject(raw).value;
    const body =
      step === "code"
        ? await requestSignInCode(app, validate(ZEmailSignInCodeRequest, json), address)
        : await finishSignIn(app, validate(ZEmailSignInSessionRequest, json));
    app.logger.info({ requestId, path, status: 200 }, "request");
    return Response.json(body, { headers: { "x-request-id": requestId, "cache-control": "no-store" } });
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : internalError();
    if (!(caught instanceof ApiError)) app.logger.error({ requestId, err: caught }, "e-mail sign-in failed");
    app.logger.info({ requestId, path, status: httpStatus(error) }, "request");
    const retryAfter: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { "retry-after": String(error.retryAfterSeconds) };
    return Response.json(errorBody(error, requestId), {
      status: httpStatus(error),
      headers: { "x-request-id": requestId, ...retryAfter },
    });
  }
}
