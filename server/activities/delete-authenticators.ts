import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteAuthenticatorsParams } from "@/lib/api/credentials";
import { authenticators } from "../db/schema";
import { notFound } from "../errors";
import { defineActivity } from "./define";
import { count } from "./summary-text";

export const deleteAuthenticators = defineActivity({
  path: "delete_authenticators",
  type: ACTIVITY_TYPES.delete_authenticators,
  resource: "CREDENTIAL",
  action: "DELETE",
  intentKey: "deleteAuthenticatorsIntent",
  resultKey: "deleteAuthenticatorsResult",
  summary: "Remove passkeys from a user",
  describe: (p, n) => `Delete ${count(p.authenticatorIds.length, "passkey")} of ${n.user(p.userId)}`,
  params: ZDeleteAuthenticatorsParams,
  result: z.object({ authenticatorIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ tx, organization }, params) {
    const ids = [...new Set(params.authenticatorIds)];
    const scope = and(
      eq(authenticators.organizationId, organization.id),
      eq(authenticators.userId, params.userId),
      inArray(authenticators.id, ids),
    );
    const found = await tx.select({ id: authenticators.id }).from(authenticators).where(scope);
    const missing = ids.find((id) => !found.some((f) => f.id === id));
    if (missing) throw notFound("authenticator", `${missing} (of user ${params.userId})`);
    await tx.delete(authenticators).where(scope);
    return { authenticatorIds: ids };
  },
});
