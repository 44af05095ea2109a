import { createPrivateKey, sign } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";

/**
 * An `X-Stamp` over arbitrary bytes (the official stamper only signs strings), so tests can send
 * bodies that are not valid UTF-8 or JSON and still get past authentication.
 */
export function stampBytes(
  key: { publicKey: string; privateKey: string },
  body: Uint8Array,
): Record<string, string> {
  const d = Buffer.from(key.privateKey, "hex");
  const point = Buffer.from(p256.getPublicKey(d, false));
  const privateKey = createPrivateKey({
    key: {
      kty: "EC",
      crv: "P-256",
      d: d.toString("base64url"),
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signature = sign("sha256", body, { key: privateKey, dsaEncoding: "der" }).toString("hex");
  const stamp = { publicKey: key.publicKey, scheme: "SIGNATURE_SCHEME_TK_API_P256", signature };
  return { "X-Stamp": Buffer.from(JSON.stringify(stamp)).toString("base64url") };
}
