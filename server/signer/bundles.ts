import { p256 } from "@noble/curves/nist.js";
import { HpkeError, hpkeOpen, hpkeSeal } from "../crypto/hpke";
import type { ServerSigningKey } from "../crypto/server-signing-key";
import { SignerInputError } from "./errors";

/**
 * Export and import bundles in the format @turnkey/crypto reads and writes: a JSON envelope
 * `{version, data, dataSignature, enclaveQuorumPublic}` whose `data` is the hex of a JSON object,
 * signed (ECDSA P-256, SHA-256, DER) by the server's signing key. Clients verify the signature
 * against the key they pinned (get_server_signing_key) before trusting what is inside.
 */

const BUNDLE_VERSION = "v1.0.0";

function signedEnvelope(serverKey: ServerSigningKey, data: Record<string, string>): string {
  const dataBytes = Buffer.from(JSON.stringify(data), "utf8");
  return JSON.stringify({
    version: BUNDLE_VERSION,
    data: dataBytes.toString("hex"),
    dataSignature: serverKey.signDer(dataBytes).toString("hex"),
    enclaveQuorumPublic: serverKey.publicKeyHex,
  });
}

/** `secret` HPKE-encrypted to the caller's target key, for decryptExportBundle. */
export function exportBundle(
  serverKey: ServerSigningKey,
  organizationId: string,
  targetPublicKeyHex: string,
  secret: Uint8Array,
): string {
  let sealed: ReturnType<typeof hpkeSeal>;
  try {
    sealed = hpkeSeal(Buffer.from(targetPublicKeyHex, "hex"), secret);
  } catch (error) {
    if (error instanceof HpkeError) throw new SignerInputError(`targetPublicKey: ${error.message}`);
    throw error;
  }
  return signedEnvelope(serverKey, {
    organizationId,
    encappedPublic: Buffer.from(sealed.encappedPublicKey).toString("hex"),
    ciphertext: Buffer.from(sealed.ciphertext).toString("hex"),
  });
}

/** What init_import_* returns: a fresh target key for one user, signed so the client can trust it. */
export function importTargetBundle(
  serverKey: ServerSigningKey,
  organizationId: string,
  userId: string,
  targetPublicKey: Uint8Array,
): string {
  return signedEnvelope(serverKey, {
    organizationId,
    userId,
    targetPublic: Buffer.from(targetPublicKey).toString("hex"),
  });
}

export function newImportTargetKey(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const privateKey = p256.utils.randomSecretKey();
  return { privateKey, publicKey: p256.getPublicKey(privateKey, false) };
}

/** Open an encryptWalletToBundle / encryptPrivateKeyToBundle result with the user's target key. */
export function openImportBundle(targetPrivateKey: Uint8Array, encryptedBundle: string): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(encryptedBundle);
  } catch {
    throw new SignerInputError("encryptedBundle: must be the JSON that @turnkey/crypto produces");
  }
  const { encappedPublic, ciphertext } = (parsed ?? {}) as Record<string, unknown>;
  const hex = /^(?:[0-9a-fA-F]{2})+$/;
  if (typeof encappedPublic !== "string" || !hex.test(encappedPublic)) {
    throw new SignerInputError("encryptedBundle: encappedPublic must be a hex P-256 public key");
  }
  if (typeof ciphertext !== "string" || !hex.test(ciphertext)) {
    throw new SignerInputError("encryptedBundle: ciphertext must be hex");
  }
  try {
    return hpkeOpen(targetPrivateKey, {
      encappedPublicKey: Buffer.from(encappedPublic, "hex"),
      ciphertext: Buffer.from(ciphertext, "hex"),
    });
  } catch (error) {
    if (error instanceof HpkeError) {
      throw new SignerInputError(
        "encryptedBundle: does not decrypt with this user's import target (encrypted to another key, " +
          "or a newer init_import replaced it)",
      );
    }
    throw error;
  }
}
