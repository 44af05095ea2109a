import { AUDIT_CHECKPOINT_VERSION, type CheckpointHead } from "@/lib/audit/verify-checkpoint";
import type { ServerSigningKey } from "./server-signing-key";

/**
 * Audit-chain checkpoints: the server key's signature over an organization's chain head, so that
 * rewriting the chain before a checkpoint someone kept takes the server key too (docs/audit-chain.md).
 * Their check is isomorphic, shared with the dashboard: lib/audit/verify-checkpoint.ts.
 */

/** A checkpoint is signed every this many entries of an organization's chain. */
export const AUDIT_CHECKPOINT_EVERY = 64;

export interface AuditCheckpoint {
  /** JSON: version, organizationId, seq, hash, timestampMs. These exact bytes are signed. */
  statement: string;
  /** Hex raw r‖s, ECDSA P-256 over SHA-256 of the statement's UTF-8 bytes. */
  signature: string;
  /** The server signing key, uncompressed P-256, hex. */
  publicKey: string;
}

export function signAuditCheckpoint(key: ServerSigningKey, head: CheckpointHead, at: Date): AuditCheckpoint {
  const statement = JSON.stringify({
    version: AUDIT_CHECKPOINT_VERSION,
    organizationId: head.organizationId,
    seq: String(head.seq),
    hash: head.hash,
    timestampMs: String(at.getTime()),
  });
  return {
    statement,
    signature: key.signRaw(Buffer.from(statement, "utf8")).toString("hex"),
    publicKey: key.publicKeyHex,
  };
}
