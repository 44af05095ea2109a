import { ApiError, invalid } from "../../errors";
import type { ZeroExConfig } from "./config";

/** The longest Retry-After a quote waits out (once) before reporting the rate limit instead. */
export const MAX_RETRY_WAIT_MS = 3000;

const unavailable = (message: string, retryAfterSeconds?: number) =>
  new ApiError("UNAVAILABLE", "SWAP_PROVIDER_UNAVAILABLE", message, {
    ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
  });

/** 0x's request fields, as the error's field violation names them in our own API. */
const OUR_FIELD: Record<string, string> = {
  sellToken: "inputToken",
  buyToken: "outputToken",
  sellAmount: "inputAmount",
  slippageBps: "slippageBps",
  taker: "signWith",
};

/**
 * One GET to the 0x Swap API v2 with its two required headers. What goes wrong becomes an ApiError
 * that says so, never a 500: a 400 is the caller's request (its token, amount or pair) and stays
 * a 400 naming 0x's reason; a 429 is waited out once when Retry-After is short, then reported as
 * retryable (503 with Retry-After); a refused key, a 5xx, no answer within the timeout, or a body
 * that is not JSON are 0x's or the operator's trouble (503).
 */
export async function zeroExGet(
  config: ZeroExConfig,
  path: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const url = `${config.url}${path}?${new URLSearchParams(params)}`;
  let response = await fetchOnce(config, url);
  if (response.status === 429) {
    const waitMs = retryAfterMs(response.headers.get("retry-after"));
    await response.body?.cancel();
    if (waitMs <= MAX_RETRY_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      response = await fetchOnce(config, url);
    }
    if (response.status === 429) {
      const again = Math.max(1, Math.ceil(retryAfterMs(response.headers.get("retry-after")) / 1000));
      await response.body?.cancel();
      throw new ApiError(
        "UNAVAILABLE",
        "SWAP_PROVIDER_RATE_LIMITED",
        `0x is rate limiting this server's API key: try the quote again in ${again} s`,
        { retryAfterSeconds: again },
      );
    }
  }
  const text = await readText(response, config.timeoutMs);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (response.status === 400) throw refusal(body, text);
  if (response.status === 401 || response.status === 403) {
    throw unavailable(
      `0x refused this server's API key (HTTP ${response.status}): check LATCHKEY_SWAP_0X_API_KEY`,
    );
  }
  if (!response.ok) throw unavailable(`0x answered HTTP ${response.status}: ${text.slice(0, 200)}`);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw unavailable(`0x answered something that is not its documented JSON: ${text.slice(0, 100)}`);
  }
  return body as Record<string, unknown>;
}

async function fetchOnce(config: ZeroExConfig, url: string): Promise<Response> {
  try {
    return await fetch(url, {
      headers: { "0x-api-key": config.apiKey, "0x-version": "v2", accept: "application/json" },
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    throw failedCall(error, config.timeoutMs);
  }
}

/** The body within the same deadline: a server that sends headers and then stalls is no answer. */
async function readText(response: Response, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error("stalled"), { name: "TimeoutError" })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([response.text(), stalled]);
  } catch (error) {
    await response.body?.cancel().catch(() => {});
    throw failedCall(error, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

function failedCall(error: unknown, timeoutMs: number): ApiError {
  const name = (error as Error).name;
  if (name === "TimeoutError" || name === "AbortError") {
    return unavailable(`0x did not answer within ${timeoutMs} ms`);
  }
  return unavailable(`0x could not be reached (${(error as Error).message})`);
}

/** Retry-After as seconds or an HTTP date; absent or unreadable, one second. */
function retryAfterMs(header: string | null): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - Date.now());
}

/**
 * A 400 from 0x as our own 400. v2 answers `{ name, message, data: { details: [{ field, reason }] } }`
 * (e.g. TOKEN_NOT_SUPPORTED, INPUT_INVALID); the field it blames is named in our request's terms.
 */
function refusal(body: unknown, text: string): ApiError {
  const b = (body ?? {}) as {
    name?: unknown;
    message?: unknown;
    data?: { details?: { field?: unknown; reason?: unknown }[] };
  };
  const name = typeof b.name === "string" ? b.name : "INPUT_INVALID";
  const message = typeof b.message === "string" ? b.message : text.slice(0, 200) || "no reason given";
  const details = Array.isArray(b.data?.details) ? b.data.details : [];
  const detail = details.find((d) => typeof d.field === "string" && OUR_FIELD[d.field as string]);
  const why = detail && typeof detail.reason === "string" ? ` (${detail.field}: ${detail.reason})` : "";
  return invalid(
    `0x refused the quote: ${name}: ${message}${why}`,
    detail ? OUR_FIELD[detail.field as string] : undefined,
  );
}
