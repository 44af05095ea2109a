import type { IncomingMessage, ServerResponse } from "node:http";
import { setDirectRoutes } from "../direct-routes-slot";
import { ApiError, errorBody, internalError } from "../errors";
import { newId } from "../ids";
import { getRuntime } from "../runtime";
import type { ApiAnswer } from "./answer";
import type { ApiRequest } from "./body";
import { type ApiRoute, answerApiRequest, apiJson, routeExists } from "./handle";
import { healthJson } from "./health-answer";
import { httpStatus } from "./http-status";

/** The API's hot paths, answered without Next.js in between: see server/direct-routes-slot.ts for why. */
export function exposeDirectRoutes(): void {
  setDirectRoutes(serveDirect);
}

const API_PATH = /^\/public\/v1\/(submit|query)\/([A-Za-z0-9_]+)$/;

function apiRoute(req: IncomingMessage): ApiRoute | undefined {
  if (req.method !== "POST" || !req.url) return undefined;
  const match = API_PATH.exec(req.url);
  return match ? { kind: match[1] as ApiRoute["kind"], path: match[2]! } : undefined;
}

function serveDirect(req: IncomingMessage, res: ServerResponse): boolean {
  const route = apiRoute(req);
  if (route) {
    void answer(res, req, () => apiResponse(req, route));
    return true;
  }
  if (req.method === "GET" && req.url === "/healthz") {
    void answer(res, req, healthJson);
    return true;
  }
  return false;
}

/** Opening the application context failed (a bad setup, or still starting): 503, as /healthz says. */
const notReady = () =>
  new ApiError("UNAVAILABLE", "NOT_READY", "the service could not open its database; see its log");

async function apiResponse(req: IncomingMessage, route: ApiRoute): Promise<ApiAnswer> {
  const app = await getRuntime().catch((error: unknown) => {
    process.stderr.write(`latchkey: cannot answer ${req.url}: ${String(error)}\n`);
    throw notReady();
  });
  const limit = app.config.maxBodyBytes;
  // What the pipeline refuses unread (an unknown path's 404, a declared length over the limit's
  // 413) is not read here either: Node discards the body once the answer is sent, as under Next.
  const declared = Number(req.headers["content-length"] ?? "NaN");
  const refusedUnread = !routeExists(route) || (Number.isFinite(declared) && declared > limit);
  // Otherwise one byte over the limit is enough for the pipeline to refuse the body with its 413.
  const body = refusedUnread ? new Uint8Array(0) : await readBody(req, limit + 1);
  return answerApiRequest(app, toRequest(req, body), route);
}

const clientClosed = () =>
  new ReadableStream({ start: (controller) => controller.error(new Error("the client closed the request")) });

/**
 * The body, or its first `limit` bytes (the rest is discarded as it arrives); a client that hung up
 * mid-body, even before this was called, gives a stream that fails, which the pipeline reports as
 * it does under Next.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | ReadableStream> {
  if (req.destroyed && !req.complete) return Promise.resolve(clientClosed());
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (body: Uint8Array | ReadableStream) => {
      req.off("data", onData).off("end", onEnd).off("close", onClose).off("error", onClose);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      total += chunk.byteLength;
      if (total >= limit) {
        finish(Buffer.concat(chunks));
        req.resume(); // no listener left: what else comes is dropped, not buffered
      }
    };
    const onEnd = () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    const onClose = () => finish(clientClosed());
    req.on("data", onData).once("end", onEnd).once("close", onClose).once("error", onClose);
  });
}

/**
 * The request as the pipeline reads it: its headers, and its bytes as read (answer.ts says why not
 * a `Request` over them); a body that failed mid-way stays a `Request` whose stream fails.
 */
function toRequest(req: IncomingMessage, body: Uint8Array | ReadableStream): ApiRequest {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  // As Next does: a request that came without X-Forwarded-For gets the socket's address in it, which
  // is what a LATCHKEY_TRUST_PROXY setting then reads for a client that reached us directly.
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress) {
    headers.set("x-forwarded-for", req.socket.remoteAddress);
  }
  if (body instanceof Uint8Array) return { headers, bodyBytes: body };
  // The pipeline reads the path only; the client's Host header has no say in the URL.
  return new Request(`http://localhost${req.url}`, {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
}

async function answer(res: ServerResponse, req: IncomingMessage, respond: () => Promise<ApiAnswer>) {
  let answered: ApiAnswer;
  try {
    answered = await respond();
  } catch (error) {
    // The pipeline answers its own errors: what reaches here is a context that did not open, or a bug.
    const failure = error instanceof ApiError ? error : internalError();
    if (!(error instanceof ApiError)) process.stderr.write(`latchkey: request failed: ${String(error)}\n`);
    // No context to read the origins from: answered as over plain HTTP (no HSTS on this one answer).
    const requestId = newId();
    answered = apiJson(false, httpStatus(failure), errorBody(failure, requestId), requestId);
  }
  try {
    const body = Buffer.from(answered.body);
    res.writeHead(answered.status, { ...answered.headers, "content-length": String(body.byteLength) });
    res.end(body);
  } catch (error) {
    // Never an unhandled rejection (it would stop the process): this one connection ends instead.
    process.stderr.write(`latchkey: could not write the answer to ${req.url}: ${String(error)}\n`);
    res.destroy();
  }
}
