import { createECDH, createPrivateKey, sign } from "node:crypto";

/**
 * Reads an organization's audit chain and its live activities through the public API only, with a
 * P-256 API key of a user of the organization (or of an ancestor), stamped as the official
 * ApiKeyStamper does: nothing of the server's database or process. What it reads and how is
 * lib/audit/read-chain.ts, shared with the dashboard.
 */

export interface ApiKey {
  /** Private scalar, 32 bytes of hex. */
  privateKey: string;
}

function stamper(key: ApiKey) {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(key.privateKey, "hex"));
  const point = ecdh.getPublicKey();
  const privateKey = createPrivateKey({
    key: {
      kty: "EC",
      crv: "P-256",
      d: Buffer.from(key.privateKey, "hex").toString("base64url"),
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const publicKey = ecdh.getPublicKey("hex", "compressed");
  return (body: string) => {
    const signature = sign("sha256", Buffer.from(body), { key: privateKey, dsaEncoding: "der" }).toString(
      "hex",
    );
    return Buffer.from(
      JSON.stringify({ publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature }),
    ).toString("base64url");
  };
}

export class ChainReadError extends Error {}

export function chainClient(baseUrl: string, key: ApiKey) {
  const stamp = stamper(key);
  return async function query<T>(path: string, request: object): Promise<T> {
    const body = JSON.stringify(request);
    const response = await fetch(`${baseUrl.replace(/\/$/, "")}/public/v1/query/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stamp": stamp(body) },
      body,
    });
    const text = await response.text();
    if (!response.ok) throw new ChainReadError(`${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
}
