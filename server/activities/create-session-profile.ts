import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateSessionProfileParams } from "@/lib/api/session-profiles";
import { sessionProfiles } from "../db/schema";
import { newId } from "../ids";
import { validatePolicyExpressions } from "../policy/validate";
import { defineActivity } from "./define";

/**
 * A session profile: a name (the session JWT's session_type) and a scope, a policy-language
 * condition every activity of a session started under it must satisfy. Checked like a policy's
 * condition at creation; immutable afterwards. Logins in this organization and its
 * sub-organizations may name it.
 */
export const createSessionProfile = defineActivity({
  path: "create_session_profile",
  type: ACTIVITY_TYPES.create_session_profile,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "createSessionProfileIntent",
  resultKey: "createSessionProfileResult",
  describe: (p) => `Create session profile ${p.sessionProfileName}: ${p.scope}`,
  summary: "Create a session profile: a scope (policy condition) limiting the sessions started under it",
  params: ZCreateSessionProfileParams,
  result: z.object({ sessionProfileId: z.string() }),
  async execute({ tx, organization, now }, params) {
    validatePolicyExpressions({ condition: params.scope }, { condition: "parameters.scope", consensus: "" });
    const id = newId(now.getTime());
    await tx.insert(sessionProfiles).values({
      id,
      organizationId: organization.id,
      name: params.sessionProfileName,
      scope: params.scope,
      expirationSeconds: params.expirationSeconds ?? null,
      notes: params.notes ?? null,
      createdAt: now,
    });
    return { sessionProfileId: id };
  },
});
