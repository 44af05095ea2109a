import { p256 } from "@noble/curves/nist.js";
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * A stored or read-time checkpoint of the audit chain, checked against the pinned server key
 * (docs/audit-chain.md): ECDSA P-256 r‖s over SHA-256 of the statement's UTF-8 bytes. Isomorphic.
 */

export const AUDIT_CHECKPOINT_VERSION = "latchkey.audit-checkpoint.v1";

export interface CheckpointHead {
  organizationId: string;
  seq: number;
  hash: string;
}

/** The head a checkpoint states, when its signature is the pinned key's; a reason otherwise. */
export function verifyAuditCheckpoint(
  checkpoint: { statement: string; signature: string; publicKey: string },
  pinnedPublicKeyHex: string,
): { ok: true; head: CheckpointHead } | { ok: false; reason: string } {
  if (checkpoint.publicKey.toLowerCase() !== pinnedPublicKeyHex.toLowerCase()) {
    return { ok: false, reason: "checkpoint publicKey is not the pinned server key" };
  }
  if (!/^[0-9a-fA-F]{130}$/.test(pinnedPublicKeyHex) || !/^[0-9a-fA-F]{128}$/.test(checkpoint.signature)) {
    return { ok: false, reason: "checkpoint signature or key is malformed" };
  }
  let valid = false;
  try {
    valid = p256.verify(
      hexToBytes(checkpoint.signature),
      utf8ToBytes(checkpoint.statement),
      hexToBytes(pinnedPublicKeyHex),
      { lowS: false },
    );
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: "checkpoint signature does not verify with the server key" };
  const s = JSON.parse(checkpoint.statement) as Record<string, string>;
  if (s.version !== AUDIT_CHECKPOINT_VERSION) return { ok: false, reason: `checkpoint version ${s.version}` };
  return { ok: true, head: { organizationId: s.organizationId!, seq: Number(s.seq), hash: s.hash! } };
}
