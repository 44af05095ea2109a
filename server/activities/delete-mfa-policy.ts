import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteMfaPolicyParams } from "@/lib/api/mfa";
import { mfaPolicies } from "../db/schema";
import { requireMfaPolicy } from "../mfa/policies";
import { defineActivity } from "./define";

/** delete_mfa_policy: an activity it held waits for nothing more (server/mfa/gate.ts). */
export const deleteMfaPolicy = defineActivity({
  path: "delete_mfa_policy",
  type: ACTIVITY_TYPES.delete_mfa_policy,
  resource: "AUTH",
  action: "DELETE",
  intentKey: "deleteMfaPolicyIntent",
  resultKey: "deleteMfaPolicyResult",
  describe: (p, names) => `Delete MFA policy ${p.mfaPolicyId.slice(0, 8)} of ${names.user(p.userId)}`,
  summary: "Delete an MFA policy of a user",
  params: ZDeleteMfaPolicyParams,
  result: z.object({ mfaPolicyId: z.string() }),
  async execute({ tx, organization }, params) {
    await requireMfaPolicy(tx, organization.id, params.userId, params.mfaPolicyId);
    await tx.delete(mfaPolicies).where(eq(mfaPolicies.id, params.mfaPolicyId));
    return { mfaPolicyId: params.mfaPolicyId };
  },
});
