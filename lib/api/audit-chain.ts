import { z } from "zod";
import { ZId } from "./common";

/** list_audit_chain (Latchkey extension): an organization's audit chain, oldest first (docs/audit-chain.md). */

const ZSeq = z.string().regex(/^\d{1,15}$/, "must be a sequence number as a string");

export const ZListAuditChainRequest = z.object({
  organizationId: ZId,
  paginationOptions: z
    .object({
      limit: z
        .string()
        .regex(/^\d+$/, "must be a number as a string")
        .refine((v) => Number(v) >= 1 && Number(v) <= 100, "must be between 1 and 100")
        .optional(),
      /** Entries after this sequence number (the last one of the previous page). */
      after: ZSeq.optional(),
    })
    .optional(),
});

export const ZAuditEntry = z.object({
  seq: ZSeq,
  kind: z.enum(["ACTIVITY", "VOTE", "EVALUATION"]),
  recordId: z.string(),
  activityId: z.string(),
  previousHash: z.string(),
  hash: z.string(),
  /** Canonical JSON, exactly the bytes the hash commits to. */
  payload: z.string(),
});

export const ZAuditCheckpoint = z.object({
  seq: ZSeq,
  /** JSON {version, organizationId, seq, hash, timestampMs}: the signed bytes. */
  statement: z.string(),
  signature: z.string(),
  publicKey: z.string(),
});

export const ZListAuditChainResponse = z.object({
  entries: z.array(ZAuditEntry),
  /** The stored checkpoints whose head falls within this page. */
  checkpoints: z.array(ZAuditCheckpoint),
  /** The newest stored checkpoint, if the chain has reached one. */
  latestCheckpoint: ZAuditCheckpoint.nullable(),
  /** The chain's head now, signed by the server key at this read (seq "0" for an empty chain). */
  headCheckpoint: ZAuditCheckpoint,
});

export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export type TAuditCheckpoint = z.infer<typeof ZAuditCheckpoint>;
export type TListAuditChainResponse = z.infer<typeof ZListAuditChainResponse>;
