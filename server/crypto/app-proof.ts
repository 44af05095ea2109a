import { canonicalJson } from "@/lib/audit/hash";
import type { ServerSigningKey } from "./server-signing-key";
import { sha256Hex } from "./sha256-hex";

/**
 * App proofs: the server's signed statement of what a completed activity did, in the reference's
 * AppProof shape. The algorithm is written down in docs/app-proofs.md; `verifyAppProof`
 * (app-proof-verify.ts) and the `latchkey verify-proof` command check it offline.
 */

export const APP_PROOF_SCHEME = "SIGNATURE_SCHEME_EPHEMERAL_KEY_P256";
export const APP_PROOF_VERSION = "latchkey.app-proof.v1";

export interface AppProof {
  scheme: typeof APP_PROOF_SCHEME;
  publicKey: string;
  proofPayload: string;
  signature: string;
}

export interface ProvenActivity {
  id: string;
  organizationId: string;
  type: string;
  status: string;
  fingerprint: string;
  result: unknown;
}

/** JSON with object keys sorted at every level: the bytes `resultSha256` is taken over. */
export { canonicalJson };

// Fields a third party holding the proof must not receive: encrypted bundles are the caller's
// alone, and a session JWT is a bearer credential. They are replaced by their digest, which still
// ties the proof to the value the caller received.
const WITHHELD = /bundle|session|token|secretPayloads/i;

function withheld(value: unknown): unknown {
  if (typeof value === "string") return `sha256:${sha256Hex(value)}`;
  if (Array.isArray(value)) return value.map(withheld);
  if (value !== null && typeof value === "object") return `sha256:${sha256Hex(canonicalJson(value))}`;
  return value;
}

/** The result with withheld fields replaced by "sha256:<hex>" of their value. */
export function provenResult(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(provenResult);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        WITHHELD.test(k) ? withheld(v) : provenResult(v),
      ]),
    );
  }
  return value;
}

/**
 * The reference's publicKey is 130 bytes: an enclave's encryption key, then its signing key.
 * Latchkey has one key, the server signing key; it fills both halves with it so that clients that
 * split the field (@turnkey/crypto verifyAppProofSignature) find the signing key where they look.
 */
export function appProofPublicKey(serverKey: ServerSigningKey): string {
  return serverKey.publicKeyHex + serverKey.publicKeyHex;
}

export function signAppProof(serverKey: ServerSigningKey, activity: ProvenActivity, at: Date): AppProof {
  const proofPayload = JSON.stringify({
    version: APP_PROOF_VERSION,
    timestampMs: String(at.getTime()),
    organizationId: activity.organizationId,
    activityId: activity.id,
    activityType: activity.type,
    activityStatus: activity.status,
    fingerprint: activity.fingerprint,
    resultSha256: sha256Hex(canonicalJson(activity.result)),
    result: provenResult(activity.result),
  });
  return {
    scheme: APP_PROOF_SCHEME,
    publicKey: appProofPublicKey(serverKey),
    proofPayload,
    signature: serverKey.signRaw(Buffer.from(proofPayload, "utf8")).toString("hex"),
  };
}
