import { z } from "zod";
import { ZId } from "./common";
import { OUTCOMES, ZPolicyParams, ZUpdatePolicyParams } from "./policies";

/** simulate_policies (a Latchkey extension): replay recorded activities through a draft policy set. */
export const ZSimulatePoliciesRequest = z.object({
  organizationId: ZId,
  draft: z.object({
    add: z.array(ZPolicyParams).max(100).optional(),
    update: z.array(ZUpdatePolicyParams).max(100).optional(),
    remove: z.array(ZId).max(100).optional(),
  }),
  window: z
    .object({
      /** Only activities created at or after / before this instant (RFC 3339). */
      since: z.iso.datetime({ offset: true }).optional(),
      until: z.iso.datetime({ offset: true }).optional(),
      /** Newest first; 1..500, default 100. */
      limit: z
        .string()
        .regex(/^\d+$/, "must be a number as a string")
        .refine((v) => Number(v) >= 1 && Number(v) <= 500, "must be between 1 and 500")
        .optional(),
    })
    .optional(),
});

const ZPolicyRef = z.object({ policyId: z.string(), policyName: z.string() });

export const ZSimulationResult = z.object({
  activityId: z.string(),
  type: z.string(),
  createdAt: z.string(),
  status: z.string(),
  recordedOutcome: z.enum(OUTCOMES),
  simulatedOutcome: z.enum(OUTCOMES),
  changed: z.boolean(),
  decidingPolicies: z.array(ZPolicyRef),
});
export type TSimulationResult = z.infer<typeof ZSimulationResult>;

export const ZSimulatePoliciesResponse = z.object({
  results: z.array(ZSimulationResult),
  replayed: z.number(),
  changed: z.number(),
});
