import { createPublicKey, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A webhook receiver as a user would write one, with node alone (the Playwright spec uses it too,
 * so it imports nothing of the server).
 */

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** A real HTTP server on loopback: `answer(n)` decides the nth request's status (or hangs on "hang"). */
export async function startReceiver(answer: (n: number) => number | "hang"): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answer(received.length);
      if (status === "hang") return; // never answers
      response.writeHead(
        status,
        status >= 300 && status < 400 ? { location: "http://127.0.0.1:9/elsewhere" } : {},
      );
      response.end(status < 300 ? "ok" : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What a receiver does with the documented algorithm (docs/webhooks.md), written against node:crypto
 * alone: rebuild `<timestamp>.<delivery id>.<body>`, verify the DER ECDSA P-256 signature against
 * the pinned uncompressed public key, and refuse a timestamp older than five minutes.
 */
export function verifyDelivery(publicKeyHex: string, received: Received, nowMs: number): boolean {
  const key = Buffer.from(publicKeyHex, "hex");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: key.subarray(1, 33).toString("base64url"),
      y: key.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const timestamp = String(received.headers["x-latchkey-timestamp"]);
  const id = String(received.headers["x-latchkey-delivery-id"]);
  const signature = String(received.headers["x-latchkey-signature"]).replace(/^v1=/, "");
  if (Math.abs(nowMs - Number(timestamp)) > 5 * 60_000) return false;
  const signed = Buffer.from(`${timestamp}.${id}.${received.body}`, "utf8");
  return verify("sha256", signed, { key: publicKey, dsaEncoding: "der" }, Buffer.from(signature, "hex"));
}
