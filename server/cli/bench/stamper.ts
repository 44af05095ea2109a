import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";

export interface BenchKey {
  /** Compressed P-256 public key, hex, as `org create --api-public-key` and the stamp carry it. */
  publicKey: string;
  /** The `X-Stamp` header value over exactly these bytes. */
  stamp(body: Uint8Array): string;
}

function compressedHex(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: "jwk" });
  const y = Buffer.from(jwk.y!, "base64url");
  const prefix = y[y.length - 1]! & 1 ? 3 : 2;
  return Buffer.concat([Buffer.from([prefix]), Buffer.from(jwk.x!, "base64url")]).toString("hex");
}

/**
 * A P-256 API key that stamps like the official ApiKeyStamper (DER signature over the body's
 * sha256), signing with node:crypto and a key object built once, so the load generator spends as
 * little of the machine as it can on its own signatures.
 */
export function newBenchKey(): BenchKey {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const publicHex = compressedHex(publicKey);
  return {
    publicKey: publicHex,
    stamp(body) {
      const signature = sign("sha256", body, { key: privateKey, dsaEncoding: "der" }).toString("hex");
      const stamp = { publicKey: publicHex, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature };
      return Buffer.from(JSON.stringify(stamp)).toString("base64url");
    },
  };
}
