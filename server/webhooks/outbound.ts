import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { AddressRefused, bareHost, checkAddress, checkUrlShape } from "./address-guard";
import type { WebhookConfig } from "./config";

export interface PostOutcome {
  /** The receiver's HTTP status, when it answered at all. */
  statusCode?: number;
  latencyMs: number;
  /** Why it did not succeed (no answer, refused target, not 2xx); absent on a 2xx. */
  error?: string;
}

/**
 * A DNS lookup that refuses hosts resolving to a forbidden address. It is the lookup the socket
 * connects with, so the address checked is the address called: a name cannot pass the check and
 * then resolve elsewhere for the connection (DNS rebinding). Any forbidden answer refuses the
 * host, since a resolver may return addresses in any order.
 */
function guardedLookup(config: WebhookConfig): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      try {
        for (const entry of addresses) checkAddress(config, entry.address);
      } catch (refused) {
        return callback(refused as NodeJS.ErrnoException, "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * POST `body` once: no redirect is followed (a 3xx is an answer like any other, and not a 2xx),
 * the whole exchange is cut at the timeout, and at most `maxResponseBytes` of the answer are read.
 */
export function postOnce(
  config: WebhookConfig,
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  try {
    url = checkUrlShape(config, rawUrl);
  } catch (error) {
    return Promise.resolve({ latencyMs: 0, error: `refused: ${(error as Error).message}` });
  }
  const client = url.protocol === "https:" ? https : http;
  const payload = Buffer.from(body, "utf8");
  return new Promise((resolve) => {
    let settled = false;
    let statusCode: number | undefined;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({
        statusCode,
        latencyMs: elapsed(),
        ...(error
          ? { error }
          : statusCode !== undefined && (statusCode < 200 || statusCode > 299)
            ? { error: `answered HTTP ${statusCode}` }
            : {}),
      });
    };
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: { ...headers, "content-length": String(payload.length) },
        lookup: guardedLookup(config),
        agent: false,
      },
      (response) => {
        statusCode = response.statusCode;
        let read = 0;
        response.on("data", (chunk: Buffer) => {
          read += chunk.length;
          // Nothing in the answer but its status matters: stop reading past the cap.
          if (read > config.maxResponseBytes) finish();
        });
        response.on("end", () => finish());
        response.on("error", (error) => finish(`answer broken: ${error.message}`));
      },
    );
    const timer = setTimeout(() => finish(`timed out after ${config.timeoutMs} ms`), config.timeoutMs);
    request.on("error", (error) =>
      finish(error instanceof AddressRefused ? `refused: ${error.message}` : `no answer: ${error.message}`),
    );
    request.end(payload);
  });
}
