import type { z } from "zod";
import { ZActivityRequest, ZFingerprintParams } from "@/lib/api/activity";
import { signWithOf } from "../activities/define";
import { denialError } from "../activities/denial";
import { activityRegistry, voteRegistry } from "../activities/index";
import { submitActivity } from "../activities/submit";
import { castVote } from "../activities/vote";
import {
  actingOnSubOrganization,
  type Caller,
  findOrganization,
  type Reader,
  resolveCaller,
  resolveCallerReadingAhead,
} from "../auth/caller";
import { requireCredentialMayAct } from "../auth/credential-scope";
import { requireSameHolder, resolveSessionReader } from "../auth/read-only-session";
import type { AppContext } from "../context";
import { servedAsArrivedNow } from "../db/ranked-turns";
import { countRoundTrips } from "../db/round-trips";
import { ApiError, errorBody, internalError, invalid, unauthenticated } from "../errors";
import { newId, UUID_PATTERN } from "../ids";
import { allowlistSubject, enforceIpAllowlist } from "../ip-allowlist/enforce";
import { queryRegistry } from "../queries/index";
import { enforceQueryScope } from "../queries/session-scope";
import { RequestBudget } from "../rate-limit/enforce";
import { type ApiAnswer, mergedHeaders, toResponse } from "./answer";
import { authenticateActivity, authenticateQuery, type QueryCredentials, type Stamped } from "./authenticate";
import { type ApiRequest, CLIENT_CLOSED, parseJsonObject, readRawBody } from "./body";
import { clientAddress } from "./client-address";
import { httpStatus } from "./http-status";
import { apiSecurityHeaders, servedOverHttps } from "./security-headers";
import { validate } from "./validate";

export type ApiRoute = { kind: "submit" | "query"; path: string };

const STALE_AFTER_MS = 60 * 60 * 1000;
const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** A JSON answer of the API, with its headers; `https`: served over HTTPS (servedOverHttps). */
export function apiJson(
  https: boolean,
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): ApiAnswer {
  return {
    status,
    headers: mergedHeaders(
      apiSecurityHeaders(https),
      { "content-type": "application/json", "x-request-id": requestId },
      headers,
    ),
    body: JSON.stringify(body),
  };
}

export function routeExists(route: ApiRoute): boolean {
  if (route.kind === "query") return Object.hasOwn(queryRegistry, route.path);
  return Object.hasOwn(activityRegistry, route.path) || Object.hasOwn(voteRegistry, route.path);
}

/**
 * Authenticates, and makes the request's rate-limit budget. A credential's budget is spent only by
 * credentials that verified, so a forged stamp naming someone else's key cannot lock them out; the
 * address's is spent by every attempt, which is what holds floods of forged or missing stamps back.
 * A refused credential is reported after counting.
 */
async function authenticatedWithBudget<C extends QueryCredentials>(
  app: AppContext,
  request: ApiRequest,
  route: ApiRoute,
  authenticating: Promise<C>,
): Promise<{ credentials: C; budget: RequestBudget }> {
  const verified = await authenticating.then(
    (credentials) => ({ credentials }),
    (error: unknown) => ({ error }),
  );
  const credential =
    "error" in verified
      ? undefined
      : verified.credentials.kind === "stamp"
        ? verified.credentials.stamp.publicKey
        : `x-session:${verified.credentials.session.userId}`;
  const budget = new RequestBudget(app, {
    kind: route.kind === "submit" ? "activity" : "query",
    credential,
    address: clientAddress(request.headers, app.config.trustProxyHops),
  });
  if ("error" in verified) {
    await budget.spend();
    throw verified.error;
  }
  return { credentials: verified.credentials, budget };
}

/**
 * Runs the request with its budget counted exactly once: by the caller's lookup when it gets that
 * far (resolveCaller), otherwise alone — before the error of a request refused earlier (so a 429
 * still wins over it), and after a path that never looked a caller up.
 */
async function withinBudget<T>(budget: RequestBudget, work: () => Promise<T>): Promise<T> {
  let value: T;
  try {
    value = await work();
  } catch (error) {
    await budget.spend();
    throw error;
  }
  await budget.spend();
  return value;
}

function checkFreshness(timestampMs: string, now: Date) {
  const age = now.getTime() - Number(timestampMs);
  if (age > STALE_AFTER_MS) {
    throw unauthenticated(
      "REQUEST_EXPIRED",
      `timestampMs ${timestampMs} is more than 1 hour old; sign a fresh request`,
    );
  }
  if (age < -FUTURE_SKEW_MS) {
    throw unauthenticated(
      "REQUEST_FROM_FUTURE",
      `timestampMs ${timestampMs} is more than 5 minutes in the future`,
    );
  }
}

async function runActivity(
  app: AppContext,
  path: string,
  text: string,
  body: unknown,
  credentials: Stamped,
  requestId: string,
  clientAddress: string | undefined,
  budget: RequestBudget,
) {
  const request = validate(ZActivityRequest, body);
  const now = app.clock.now();
  const vote = Object.hasOwn(voteRegistry, path)
    ? voteRegistry[path as keyof typeof voteRegistry]
    : undefined;
  const definition = vote ? undefined : activityRegistry[path]!;
  const expected = vote ? [vote.type] : [definition!.type, ...(definition!.alsoAccepts ?? [])];
  if (!expected.includes(request.type)) {
    throw invalid(
      `type ${request.type} does not belong to /submit/${path}; expected ${expected.join(" or ")}`,
      "type",
    );
  }
  checkFreshness(request.timestampMs, now);
  // An activity recorded after it executes reads with its caller whether webhooks listen, and a
  // signature its signer's account: its parameters are read first (for their signWith), but a
  // refusal of them still comes after the caller's.
  const early = definition?.recordedAfterExecution
    ? definition.params.safeParse(request.parameters)
    : undefined;
  const { caller: resolved, readAhead } = await resolveCallerReadingAhead(
    app.db,
    credentials.stamp,
    request.organizationId,
    {
      allowAncestors: definition?.parentMayAct ?? false,
      now,
      budget,
      readAheadFor: early?.success ? { signWith: signWithOf(definition!, early.data) } : undefined,
    },
  );
  // Only a parentMayAct activity can resolve to an ancestor's credential.
  const caller =
    resolved.organization.id === request.organizationId
      ? resolved
      : actingOnSubOrganization(resolved, (await findOrganization(app.db, request.organizationId))!);
  if (credentials.session) requireSameHolder(credentials.session, resolved);
  await enforceIpAllowlist(app.db, app.caches.ipAllowlists, allowlistSubject(resolved), clientAddress);
  requireCredentialMayAct(resolved.credential.type, path);
  if (vote) {
    const params = validate(ZFingerprintParams, request.parameters, "parameters");
    return {
      activity: await castVote(app, {
        fingerprint: params.fingerprint,
        approve: vote.approve,
        rawBody: text,
        caller,
        requestId,
      }),
    };
  }
  const params = early?.success
    ? early.data
    : validate(definition!.params as z.ZodType, request.parameters, "parameters");
  const submitted = await submitActivity(app, {
    definition: definition!,
    rawBody: text,
    request,
    params,
    caller,
    requestId,
    clientAddress,
    readAhead,
  });
  // A denial is recorded with the activity; to the client who asked it is a 403 naming the policies.
  if (submitted.denial) throw denialError(submitted.denial);
  return { activity: submitted.activity };
}

const ACTIVITY_ENVELOPE_FIELDS = ["type", "timestampMs", "parameters"] as const;

/** The reader of a query: the stamp's caller, or the user of a read-only session sent alone. */
async function resolveReader(
  app: AppContext,
  credentials: QueryCredentials,
  organizationId: string,
  now: Date,
  budget: RequestBudget,
): Promise<Reader> {
  if (credentials.kind === "session") {
    await budget.spend();
    return resolveSessionReader(app.db, credentials.session, organizationId);
  }
  const caller = await resolveCaller(app.db, credentials.stamp, organizationId, {
    allowAncestors: true,
    now,
    budget,
  });
  if (credentials.session) requireSameHolder(credentials.session, caller);
  return caller;
}

async function runQuery(
  app: AppContext,
  path: string,
  body: Record<string, unknown>,
  credentials: QueryCredentials,
  clientAddress: string | undefined,
  budget: RequestBudget,
) {
  const definition = queryRegistry[path]!;
  // Votes publish the signed body and signature of every activity (the compatible API's vote
  // shape), so an activity's stamp is public. No query takes these fields: refusing them keeps
  // a published activity stamp from being replayed as a read by someone who saw it.
  const activityField = ACTIVITY_ENVELOPE_FIELDS.find((field) => field in body);
  if (activityField) {
    throw invalid(
      `${activityField} is not a field of a query (this is an activity's body; submit activities to /public/v1/submit/…)`,
      activityField,
    );
  }
  const organizationId = body.organizationId;
  if (typeof organizationId !== "string" || organizationId.length === 0) {
    throw invalid("organizationId is required", "organizationId");
  }
  const now = app.clock.now();
  const caller = await resolveReader(app, credentials, organizationId, now, budget);
  await enforceQueryScope(app.db, (caller as Partial<Caller>).credential, path);
  await enforceIpAllowlist(app.db, app.caches.ipAllowlists, allowlistSubject(caller), clientAddress);
  const request = validate(definition.request, body);
  const organization =
    caller.organization.id === organizationId
      ? caller.organization
      : (await findOrganization(app.db, organizationId))!;
  const response = await definition.run({ app, organization, caller, now }, request);
  return definition.response.parse(response);
}

/**
 * The one request pipeline (below), its database round trips and its waits for pooled connections
 * counted per path for /metrics and the bench.
 */
export async function answerApiRequest(
  app: AppContext,
  request: ApiRequest,
  route: ApiRoute,
): Promise<ApiAnswer> {
  const { value, roundTrips, poolWaitMs } = await countRoundTrips(() =>
    servedAsArrivedNow(() => handleCounted(app, request, route)),
  );
  const path = routeExists(route) ? `/${route.kind}/${route.path}` : `/${route.kind}/unknown`;
  app.metrics.roundTrips.inc({ path }, roundTrips);
  app.metrics.poolWait.inc({ path }, poolWaitMs / 1000);
  return value;
}

/** The pipeline's answer as a WHATWG Response: what Next's route files return. */
export async function handleApiRequest(
  app: AppContext,
  request: Request,
  route: ApiRoute,
): Promise<Response> {
  return toResponse(await answerApiRequest(app, request, route));
}

/**
 * The one request pipeline: read the raw body once, verify the stamp over those exact bytes (or,
 * for a query only, a read-only session JWT in X-Session), parse, resolve the caller, validate,
 * dispatch, and map every error to one JSON shape.
 */
async function handleCounted(app: AppContext, request: ApiRequest, route: ApiRoute): Promise<ApiAnswer> {
  const incoming = request.headers.get("x-request-id");
  const requestId = incoming && UUID_PATTERN.test(incoming) ? incoming : newId();
  const started = performance.now();
  const metricPath = routeExists(route) ? `/${route.kind}/${route.path}` : `/${route.kind}/unknown`;
  let status = 500;
  let clientGone = false;
  try {
    if (!routeExists(route)) {
      throw new ApiError(
        "NOT_FOUND",
        "UNKNOWN_PATH",
        `unknown ${route.kind} path: /public/v1/${route.kind}/${route.path}`,
      );
    }
    const raw = await readRawBody(request, app.config.maxBodyBytes);
    let result: unknown;
    const address = clientAddress(request.headers, app.config.trustProxyHops);
    if (route.kind === "submit") {
      const authenticating = authenticateActivity(app, request, raw);
      const { credentials, budget } = await authenticatedWithBudget(app, request, route, authenticating);
      result = await withinBudget(budget, () => {
        const { text, value } = parseJsonObject(raw);
        return runActivity(app, route.path, text, value, credentials, requestId, address, budget);
      });
    } else {
      const authenticating = authenticateQuery(app, request, raw);
      const { credentials, budget } = await authenticatedWithBudget(app, request, route, authenticating);
      result = await withinBudget(budget, () =>
        runQuery(app, route.path, parseJsonObject(raw).value, credentials, address, budget),
      );
    }
    status = 200;
    return apiJson(servedOverHttps(app.config.origins), 200, result, requestId);
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : internalError();
    if (!(caught instanceof ApiError)) {
      app.logger.error({ requestId, path: metricPath, err: caught }, "unexpected error");
    }
    clientGone = error.reason === CLIENT_CLOSED;
    status = httpStatus(error);
    const retryAfter: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { "retry-after": String(error.retryAfterSeconds) };
    return apiJson(
      servedOverHttps(app.config.origins),
      status,
      errorBody(error, requestId),
      requestId,
      retryAfter,
    );
  } finally {
    const seconds = (performance.now() - started) / 1000;
    // A client that hung up mid-body is counted apart (499, as proxies log it) and logged quietly.
    const label = clientGone ? "499" : String(status);
    app.metrics.requests.inc({ path: metricPath, status: label });
    app.metrics.latency.observe({ path: metricPath }, seconds);
    const line = {
      requestId,
      path: metricPath,
      status: clientGone ? 499 : status,
      ms: Math.round(seconds * 1000),
    };
    if (clientGone) app.logger.debug(line, "client closed the request");
    else app.logger.info(line, "request");
  }
}
