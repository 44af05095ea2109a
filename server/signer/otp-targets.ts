import { p256 } from "@noble/curves/nist.js";
import { HpkeError, hpkeOpen } from "../crypto/hpke";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import type { MasterKeyring } from "./keyring";
import { deleteSecrets, SecretMissingError, storeSecret, withSecret } from "./vault";

/**
 * OTP encryption targets: each init_otp flow gets a fresh P-256 key that the client encrypts the
 * code to (@turnkey/crypto encryptOtpCodeToBundle), so the code never crosses the wire in the clear
 * even inside TLS-terminating proxies. Its private half is sealed under the flow's id and shredded
 * when the flow ends (verified or locked).
 */

const identity = (organizationId: string, otpId: string) => ({
  id: otpId,
  organizationId,
  kind: "OTP_TARGET" as const,
});

/** The bundle the client checks against the server key: {enclaveQuorumPublic, dataSignature, data}. */
function targetBundle(serverKey: ServerSigningKey, targetPublic: Uint8Array): string {
  const data = Buffer.from(
    JSON.stringify({ targetPublic: Buffer.from(targetPublic).toString("hex") }),
    "utf8",
  );
  return JSON.stringify({
    enclaveQuorumPublic: serverKey.publicKeyHex,
    dataSignature: serverKey.signDer(data).toString("hex"),
    data: data.toString("hex"),
  });
}

export async function initOtpTarget(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  organizationId: string,
  otpId: string,
  now: Date,
): Promise<string> {
  const privateKey = p256.utils.randomSecretKey();
  try {
    await storeSecret(db, keyring, identity(organizationId, otpId), privateKey, now);
    return targetBundle(serverKey, p256.getPublicKey(privateKey, false));
  } finally {
    privateKey.fill(0);
  }
}

/** What the client sealed: the code it was sent and the public key the verification token will bind. */
export interface OtpSubmission {
  otpCode: string;
  publicKey: string;
}

/** Why an encrypted OTP bundle could not be read: the caller's mistake, a 400. */
export class OtpBundleError extends Error {}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function parseSealed(encryptedOtpBundle: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(encryptedOtpBundle);
  } catch {
    throw new OtpBundleError("encryptedOtpBundle must be the JSON that encryptOtpCodeToBundle produces");
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof encappedPublic !== "string" || !HEX.test(encappedPublic)) {
    throw new OtpBundleError("encryptedOtpBundle.encappedPublic must be a hex P-256 public key");
  }
  if (typeof ciphertext !== "string" || !HEX.test(ciphertext)) {
    throw new OtpBundleError("encryptedOtpBundle.ciphertext must be hex");
  }
  return {
    encappedPublicKey: Buffer.from(encappedPublic, "hex"),
    ciphertext: Buffer.from(ciphertext, "hex"),
  };
}

/** Decrypt a verify_otp bundle with the flow's target key. Throws OtpBundleError, or SecretMissingError when the flow's key is gone. */
export async function openOtpBundle(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  otpId: string,
  encryptedOtpBundle: string,
): Promise<OtpSubmission> {
  const sealed = parseSealed(encryptedOtpBundle);
  return withSecret(db, keyring, identity(organizationId, otpId), (targetKey) => {
    let plaintext: Uint8Array;
    try {
      plaintext = hpkeOpen(targetKey, sealed);
    } catch (error) {
      if (error instanceof HpkeError) {
        throw new OtpBundleError(
          `encryptedOtpBundle does not decrypt with this OTP flow's target key (${error.message})`,
        );
      }
      throw error;
    }
    try {
      const { otp_code, public_key } = JSON.parse(Buffer.from(plaintext).toString("utf8")) as Record<
        string,
        unknown
      >;
      if (typeof otp_code !== "string" || typeof public_key !== "string") throw new Error("fields");
      return { otpCode: otp_code, publicKey: public_key };
    } catch {
      throw new OtpBundleError(
        "encryptedOtpBundle must hold {otp_code, public_key} as encryptOtpCodeToBundle writes it",
      );
    } finally {
      plaintext.fill(0);
    }
  });
}

export const shredOtpTarget = (db: DbOrTx, otpId: string) => deleteSecrets(db, [otpId]);
export { SecretMissingError };
