import { p256 } from "@noble/curves/nist.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { invalid, unauthenticated } from "../errors";

/** The message a client signs to spend a verification token on a login (@turnkey/core's getClientSignatureMessageForLogin). */
export function loginMessage(sessionPublicKey: string, tokenId: string): string {
  return JSON.stringify({ login: { publicKey: sessionPublicKey }, tokenId, type: "USAGE_TYPE_LOGIN" });
}

export interface ClientSignature {
  publicKey: string;
  scheme: string;
  message: string;
  signature: string;
}

/**
 * Proof that whoever verified the code also asks for this login with this session key: a P-256
 * signature (raw r‖s hex, over SHA-256 of the message) by the key the token is bound to, over
 * exactly the login message for this token and session key. Anything else is a 401.
 */
export function checkLoginSignature(
  signature: ClientSignature,
  expected: { boundPublicKey: string; sessionPublicKey: string; tokenId: string },
): void {
  const field = "parameters.clientSignature";
  if (signature.publicKey.toLowerCase() !== expected.boundPublicKey.toLowerCase()) {
    throw unauthenticated(
      "CLIENT_SIGNATURE_INVALID",
      `${field}.publicKey is not the key the verification token is bound to (the publicKey sealed with the code in verify_otp)`,
    );
  }
  const message = loginMessage(expected.sessionPublicKey, expected.tokenId);
  if (signature.message !== message) {
    throw invalid(
      `${field}.message must be ${message} (the login message for this token and session key)`,
      `${field}.message`,
    );
  }
  if (!/^[0-9a-fA-F]{128}$/.test(signature.signature)) {
    throw invalid(
      `${field}.signature must be a raw r‖s P-256 signature: 128 hex characters`,
      `${field}.signature`,
    );
  }
  let valid = false;
  try {
    valid = p256.verify(
      Buffer.from(signature.signature, "hex"),
      sha256(Buffer.from(message, "utf8")),
      Buffer.from(expected.boundPublicKey, "hex"),
      { prehash: false, lowS: false },
    );
  } catch {
    valid = false;
  }
  if (!valid) {
    throw unauthenticated(
      "CLIENT_SIGNATURE_INVALID",
      `${field}.signature does not verify for the token's bound key over the login message`,
    );
  }
}
