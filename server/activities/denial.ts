import { z } from "zod";
import { ApiError } from "../errors";
import type { Denial } from "../policy/decide";

/**
 * A denial as the client sees it: a 403 POLICY_DENIED naming the outcome and the deciding
 * policies. It is also the `failure` the denied activity keeps, so a re-submission of the same
 * signed body is answered with the same error.
 */
export function denialError(denial: Denial): ApiError {
  return new ApiError("PERMISSION_DENIED", "POLICY_DENIED", denial.reason, {
    extra: {
      outcome: denial.outcome,
      policies: denial.policies.map((p) => ({ policyId: p.id, policyName: p.name })),
    },
  });
}

const ZStoredDenial = z.object({
  message: z.string(),
  details: z
    .tuple(
      [
        z.object({
          turnkeyErrorCode: z.literal("POLICY_DENIED"),
          outcome: z.enum(["OUTCOME_DENY_EXPLICIT", "OUTCOME_DENY_IMPLICIT", "OUTCOME_ERROR"]),
          policies: z.array(z.object({ policyId: z.string(), policyName: z.string() })),
        }),
      ],
      z.unknown(),
    )
    .readonly(),
});

/** The denial a stored failure records, or undefined when the activity failed for another reason. */
export function storedDenial(failure: unknown): Denial | undefined {
  const parsed = ZStoredDenial.safeParse(failure);
  if (!parsed.success) return undefined;
  const [detail] = parsed.data.details;
  return {
    outcome: detail.outcome,
    policies: detail.policies.map((p) => ({ id: p.policyId, name: p.policyName })),
    reason: parsed.data.message,
  };
}
