import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteOauthProvidersParams } from "@/lib/api/oauth";
import { notFound } from "../errors";
import { unlinkIdentities } from "../oidc/identities";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { count } from "./summary-text";

export const deleteOauthProviders = defineActivity({
  path: "delete_oauth_providers",
  type: ACTIVITY_TYPES.delete_oauth_providers,
  resource: "CREDENTIAL",
  action: "DELETE",
  intentKey: "deleteOauthProvidersIntent",
  resultKey: "deleteOauthProvidersResult",
  summary: "Unlink OIDC identities from a user",
  describe: (p, n) =>
    `Unlink ${count(p.providerIds.length, "OIDC identity", "OIDC identities")} from ${n.user(p.userId)}`,
  params: ZDeleteOauthProvidersParams,
  result: z.object({ providerIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ tx, organization }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    await unlinkIdentities(tx, organization.id, params.userId, params.providerIds);
    return { providerIds: params.providerIds };
  },
});
