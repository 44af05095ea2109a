import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateOauthProvidersParams } from "@/lib/api/oauth";
import { notFound } from "../errors";
import { linkIdentities } from "../oidc/identities";
import { identitiesOf } from "../oidc/provider-params";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { count, nameList } from "./summary-text";

const FIELD = "parameters.oauthProviders";

export const createOauthProviders = defineActivity({
  path: "create_oauth_providers",
  type: ACTIVITY_TYPES.create_oauth_providers,
  resource: "CREDENTIAL",
  action: "CREATE",
  intentKey: "createOauthProvidersIntentV2",
  resultKey: "createOauthProvidersResultV2",
  summary: "Link OIDC identities (issuer, audience, subject of a verified ID token) to a user",
  describe: (p, n) =>
    `Link ${count(p.oauthProviders.length, "OIDC identity", "OIDC identities")} to ${n.user(p.userId)}: ${nameList(p.oauthProviders.map((o) => o.providerName))}`,
  params: ZCreateOauthProvidersParams,
  result: z.object({ providerIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  // Fetching the issuer's keys happens here, outside the transaction; execute then hits the cache.
  async beforeTransaction(app, params) {
    await identitiesOf(app, params.oauthProviders, FIELD);
  },
  async execute({ app, tx, organization, now }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    const identities = await identitiesOf(app, params.oauthProviders, FIELD);
    const providerIds = await linkIdentities(
      tx,
      { organizationId: organization.id, userId: params.userId, now },
      identities,
    );
    return { providerIds };
  },
});
