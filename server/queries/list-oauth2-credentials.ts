import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { listOauth2Credentials, renderOauth2Credential } from "../oidc/oauth2-credentials";
import { defineQuery } from "./define";

export const listOauth2CredentialsQuery = defineQuery({
  path: "list_oauth2_credentials",
  summary: "The organization's OAuth 2.0 credentials, without their client secrets",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_oauth2_credentials,
  run: async ({ app, organization }) => ({
    oauth2Credentials: (await listOauth2Credentials(app.db, organization.id)).map(renderOauth2Credential),
  }),
});
