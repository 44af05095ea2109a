import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateMfaPolicyParams } from "@/lib/api/mfa";
import { mfaPolicies } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import { validatePolicyExpressions } from "../policy/validate";
import { findUser } from "../users/find";
import { defineActivity } from "./define";

/**
 * create_mfa_policy: a rule on one user's activities. Its condition is checked like a policy's;
 * a user adding one to themselves only restricts themselves, so they need no approval for it.
 */
export const createMfaPolicy = defineActivity({
  path: "create_mfa_policy",
  type: ACTIVITY_TYPES.create_mfa_policy,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "createMfaPolicyIntent",
  resultKey: "createMfaPolicyResult",
  describe: (p, names) =>
    `Create MFA policy ${p.mfaPolicyName} for ${names.user(p.userId)}: ${p.requiredAuthenticationMethods.length} further step(s) when ${p.condition}`,
  summary: "Create an MFA policy: further authentications a user's matching activities wait for",
  params: ZCreateMfaPolicyParams,
  result: z.object({ mfaPolicyId: z.string() }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ tx, organization, now }, params) {
    validatePolicyExpressions(
      { condition: params.condition },
      { condition: "parameters.condition", consensus: "" },
    );
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    const id = newId(now.getTime());
    await tx.insert(mfaPolicies).values({
      id,
      organizationId: organization.id,
      userId: params.userId,
      name: params.mfaPolicyName,
      condition: params.condition,
      requiredMethods: params.requiredAuthenticationMethods,
      order: params.order,
      notes: params.notes ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return { mfaPolicyId: id };
  },
});
