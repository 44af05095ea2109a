import type { AppContext } from "../context";
import { ApiError, errorBody, internalError } from "../errors";
import { newId } from "../ids";
import { receiveOnRampWebhook } from "../onramp/webhooks";
import { readRawBody } from "./body";
import { httpStatus } from "./http-status";

/**
 * POST /api/onramp/webhooks/<credentialId>: where MoonPay or Coinbase report a purchase made with
 * that credential. No stamp: the provider's own signature, checked with the credential's webhook
 * secret, is the authentication. Answers 200 with what was done; every refusal is a 4xx JSON error
 * in the API's shape (a provider retries non-2xx deliveries, which is right for all but a replay).
 */
export async function handleOnRampWebhook(
  app: AppContext,
  request: Request,
  credentialId: string,
): Promise<Response> {
  const requestId = newId();
  const started = performance.now();
  let status = 500;
  let body: unknown;
  try {
    const raw = await readRawBody(request, app.config.maxBodyBytes);
    body = await receiveOnRampWebhook(app, credentialId, request.headers, raw);
    status = 200;
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : internalError();
    if (!(caught instanceof ApiError)) {
      app.logger.error({ requestId, path: "/api/onramp/webhooks", err: caught }, "unexpected error");
    }
    status = httpStatus(error);
    body = errorBody(error, requestId);
  }
  // Never the body or the headers: they carry the signature and the buyer's purchase.
  app.logger.info(
    { requestId, path: "/api/onramp/webhooks", status, ms: Math.round(performance.now() - started) },
    "request",
  );
  return Response.json(body, { status, headers: { "x-request-id": requestId } });
}
