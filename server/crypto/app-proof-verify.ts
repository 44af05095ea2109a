import { createPublicKey, verify } from "node:crypto";

/**
 * The offline check of an app proof against a pinned server key (docs/app-proofs.md), with
 * node:crypto only: no database, no server, nothing of the server's state.
 */

export type ProofVerdict = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

function p256Key(uncompressedHex: string) {
  const point = Buffer.from(uncompressedHex, "hex");
  return createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
}

/** True for a 65-byte uncompressed P-256 point given as hex. */
export function isUncompressedP256(hex: string): boolean {
  if (!HEX.test(hex) || hex.length !== 130 || !hex.toLowerCase().startsWith("04")) return false;
  try {
    p256Key(hex);
    return true;
  } catch {
    return false;
  }
}

export function verifyAppProof(proof: unknown, pinnedPublicKeyHex: string): ProofVerdict {
  const p = (proof ?? {}) as Record<string, unknown>;
  if (p.scheme !== "SIGNATURE_SCHEME_EPHEMERAL_KEY_P256") {
    return {
      ok: false,
      reason: `scheme: expected SIGNATURE_SCHEME_EPHEMERAL_KEY_P256, got ${String(p.scheme)}`,
    };
  }
  if (typeof p.publicKey !== "string" || !HEX.test(p.publicKey) || p.publicKey.length !== 260) {
    return { ok: false, reason: "publicKey: expected 130 bytes of hex (encryption key, then signing key)" };
  }
  const signingKey = p.publicKey.slice(130).toLowerCase();
  if (signingKey !== pinnedPublicKeyHex.toLowerCase()) {
    return { ok: false, reason: "publicKey: its signing key (bytes 65-129) is not the pinned server key" };
  }
  if (typeof p.signature !== "string" || !HEX.test(p.signature) || p.signature.length !== 128) {
    return { ok: false, reason: "signature: expected 64 bytes of hex (r‖s)" };
  }
  if (typeof p.proofPayload !== "string") return { ok: false, reason: "proofPayload: expected a string" };
  const valid = verify(
    "sha256",
    Buffer.from(p.proofPayload, "utf8"),
    { key: p256Key(signingKey), dsaEncoding: "ieee-p1363" },
    Buffer.from(p.signature, "hex"),
  );
  if (!valid)
    return { ok: false, reason: "signature: does not verify over proofPayload with the pinned key" };
  let payload: unknown;
  try {
    payload = JSON.parse(p.proofPayload);
  } catch {
    return { ok: false, reason: "proofPayload: signed, but not JSON" };
  }
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
    return { ok: false, reason: "proofPayload: signed, but not a JSON object" };
  }
  return { ok: true, payload: payload as Record<string, unknown> };
}

/**
 * The proofs in a document as people save them: one AppProof, an array of them, a list_app_proofs
 * answer ({appProofs}) or an activity envelope ({activity: {appProofs}} or the activity itself).
 */
export function proofsIn(document: unknown): unknown[] {
  if (Array.isArray(document)) return document;
  const d = (document ?? {}) as Record<string, unknown>;
  if (Array.isArray(d.appProofs)) return d.appProofs;
  const activity = d.activity as Record<string, unknown> | undefined;
  if (activity && Array.isArray(activity.appProofs)) return activity.appProofs;
  if ("proofPayload" in d) return [d];
  return [];
}
