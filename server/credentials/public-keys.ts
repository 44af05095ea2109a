import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { invalid } from "../errors";

/** Check that an API key's public key is a valid point of its curve, in the encoding clients send. */
export function normalizeApiPublicKey(curve: string, publicKey: string, field: string): string {
  const hex = publicKey.toLowerCase();
  try {
    if (curve === "API_KEY_CURVE_ED25519") {
      if (hex.length !== 64) throw new Error();
      ed25519.Point.fromHex(hex);
      return hex;
    }
    if (hex.length !== 66 || !(hex.startsWith("02") || hex.startsWith("03"))) throw new Error();
    (curve === "API_KEY_CURVE_P256" ? p256 : secp256k1).Point.fromHex(hex);
    return hex;
  } catch {
    const expected =
      curve === "API_KEY_CURVE_ED25519"
        ? "a 32-byte ed25519 public key as 64 hex characters"
        : `a compressed ${curve === "API_KEY_CURVE_P256" ? "P-256" : "secp256k1"} public key as 66 hex characters (02… or 03…)`;
    throw invalid(`${field} must be ${expected}`, field);
  }
}

export const CREDENTIAL_TYPE_FOR_CURVE: Record<string, string> = {
  API_KEY_CURVE_P256: "CREDENTIAL_TYPE_API_KEY_P256",
  API_KEY_CURVE_SECP256K1: "CREDENTIAL_TYPE_API_KEY_SECP256K1",
  API_KEY_CURVE_ED25519: "CREDENTIAL_TYPE_API_KEY_ED25519",
};
