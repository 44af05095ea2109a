import { z } from "zod";
import { ZId, ZTimestamp } from "./common";
import { ZUser } from "./users";

export const ACTIVITY_STATUSES = [
  "ACTIVITY_STATUS_CREATED",
  "ACTIVITY_STATUS_PENDING",
  "ACTIVITY_STATUS_COMPLETED",
  "ACTIVITY_STATUS_FAILED",
  "ACTIVITY_STATUS_CONSENSUS_NEEDED",
  "ACTIVITY_STATUS_REJECTED",
  "ACTIVITY_STATUS_AUTHENTICATORS_NEEDED",
] as const;
export const ZActivityStatus = z.enum(ACTIVITY_STATUSES);
export type TActivityStatus = z.infer<typeof ZActivityStatus>;

/** The envelope of every submit request. `parameters` is checked by the activity's own schema. */
export const ZActivityRequest = z.object({
  type: z.string().min(1),
  timestampMs: z.string().regex(/^\d{1,16}$/, "must be milliseconds since the epoch, as a string"),
  organizationId: ZId,
  parameters: z.record(z.string(), z.unknown()),
  generateAppProofs: z.boolean().optional(),
});
export type TActivityRequest = z.infer<typeof ZActivityRequest>;

export const ZVote = z.object({
  id: z.string(),
  userId: z.string(),
  user: ZUser,
  activityId: z.string(),
  selection: z.enum(["VOTE_SELECTION_APPROVED", "VOTE_SELECTION_REJECTED"]),
  message: z.string(),
  publicKey: z.string(),
  signature: z.string(),
  scheme: z.string(),
  createdAt: ZTimestamp,
});
export type TVote = z.infer<typeof ZVote>;

export const ZFailure = z.object({
  code: z.number(),
  message: z.string(),
  details: z.array(z.record(z.string(), z.unknown())),
});

/** The server's signed statement of what an activity did (generateAppProofs; docs/app-proofs.md). */
export const ZAppProof = z.object({
  scheme: z.literal("SIGNATURE_SCHEME_EPHEMERAL_KEY_P256"),
  publicKey: z.string(),
  proofPayload: z.string(),
  signature: z.string(),
});
export type TAppProof = z.infer<typeof ZAppProof>;

export const ZActivity = z.object({
  id: z.string(),
  organizationId: z.string(),
  status: ZActivityStatus,
  type: z.string(),
  intent: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
  votes: z.array(ZVote),
  fingerprint: z.string(),
  canApprove: z.boolean(),
  canReject: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  failure: ZFailure.optional(),
  /** Only on activities submitted with generateAppProofs: true, once they completed. */
  appProofs: z.array(ZAppProof).optional(),
});
export type TActivity = z.infer<typeof ZActivity>;

export const ZActivityResponse = z.object({ activity: ZActivity });

export const ZFingerprintParams = z.object({
  fingerprint: z.string().regex(/^sha256:[0-9a-f]{64}$/, "must be an activity fingerprint (sha256:<64 hex>)"),
});
