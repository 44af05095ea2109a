import { ZGetOauth2CredentialRequest } from "@/lib/api/oauth2";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { oauth2CredentialById, renderOauth2Credential } from "../oidc/oauth2-credentials";
import { defineQuery } from "./define";

export const getOauth2Credential = defineQuery({
  path: "get_oauth2_credential",
  summary: "One OAuth 2.0 credential of the organization, without its client secret",
  request: ZGetOauth2CredentialRequest,
  response: QUERY_RESPONSES.get_oauth2_credential,
  run: async ({ app, organization }, request) => ({
    oauth2Credential: renderOauth2Credential(
      await oauth2CredentialById(app.db, organization.id, request.oauth2CredentialId),
    ),
  }),
});
