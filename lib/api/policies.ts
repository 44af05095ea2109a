import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";

export const ZEffect = z.enum(["EFFECT_ALLOW", "EFFECT_DENY"]);
const ZExpression = z.string().max(8_192, "must be at most 8,192 characters");
const ZNotes = z.string().max(4_096, "must be at most 4,096 characters");

export const ZPolicyParams = z.object({
  policyName: ZName,
  effect: ZEffect,
  condition: ZExpression.optional(),
  consensus: ZExpression.optional(),
  notes: ZNotes,
});
export type TPolicyParams = z.infer<typeof ZPolicyParams>;

export const ZCreatePoliciesParams = z.object({
  policies: z.array(ZPolicyParams).min(1, "must list at least one policy").max(100),
});

export const ZUpdatePolicyParams = z.object({
  policyId: ZId,
  policyName: ZName.optional(),
  policyEffect: ZEffect.optional(),
  policyCondition: ZExpression.optional(),
  policyConsensus: ZExpression.optional(),
  policyNotes: ZNotes.optional(),
});

export const ZDeletePolicyParams = z.object({ policyId: ZId });
export const ZDeletePoliciesParams = z.object({
  policyIds: z.array(ZId).min(1, "must list at least one policy").max(100),
});

export const ZPolicy = z.object({
  policyId: z.string(),
  policyName: z.string(),
  effect: ZEffect,
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  notes: z.string(),
  consensus: z.string(),
  condition: z.string(),
});
export type TPolicy = z.infer<typeof ZPolicy>;

export const OUTCOMES = [
  "OUTCOME_ALLOW",
  "OUTCOME_DENY_EXPLICIT",
  "OUTCOME_DENY_IMPLICIT",
  "OUTCOME_REQUIRES_CONSENSUS",
  "OUTCOME_REJECTED",
  "OUTCOME_ERROR",
  "OUTCOME_REQUIRES_AUTHENTICATORS",
  "OUTCOME_TIME_INACTIVE",
] as const;
export type TOutcome = (typeof OUTCOMES)[number];

export const ZPolicyEvaluation = z.object({
  id: z.string(),
  activityId: z.string(),
  organizationId: z.string(),
  voteId: z.string(),
  policyEvaluations: z.array(
    z.object({ policyId: z.string().optional(), outcome: z.enum(OUTCOMES).optional() }),
  ),
  createdAt: ZTimestamp,
});
export type TPolicyEvaluation = z.infer<typeof ZPolicyEvaluation>;
