import { ZGetOauthProvidersRequest } from "@/lib/api/oauth";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { listIdentities, renderOauthProvider } from "../oidc/identities";
import { defineQuery } from "./define";

export const getOauthProviders = defineQuery({
  path: "get_oauth_providers",
  summary: "The OIDC identities linked to a user (or to every user of the organization)",
  request: ZGetOauthProvidersRequest,
  response: QUERY_RESPONSES.get_oauth_providers,
  run: async ({ app, organization }, request) => ({
    oauthProviders: (await listIdentities(app.db, organization.id, request.userId)).map(renderOauthProvider),
  }),
});
