import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateOauth2CredentialParams } from "@/lib/api/oauth2";
import { oauth2Credentials } from "../db/schema";
import { newId } from "../ids";
import { clientSecretRefused, issuerOfProvider } from "../oidc/oauth2-credentials";
import { sealOauth2ClientSecret } from "../signer/oauth2-secrets";
import { defineActivity } from "./define";

export const providerName = (p: string) => (p === "OAUTH2_PROVIDER_X" ? "X" : "Discord");

export const createOauth2Credential = defineActivity({
  path: "create_oauth2_credential",
  type: ACTIVITY_TYPES.create_oauth2_credential,
  resource: "CONFIG",
  action: "CREATE",
  intentKey: "createOauth2CredentialIntent",
  resultKey: "createOauth2CredentialResult",
  describe: (p) => `Add ${providerName(p.provider)} OAuth 2.0 client ${p.clientId}`,
  summary:
    "Add an OAuth 2.0 client (provider, client id) for oauth2_authenticate; its secret arrives encrypted to " +
    "get_oauth2_encryption_key's key (encryptOauth2ClientSecret) and is sealed, never returned",
  params: ZCreateOauth2CredentialParams,
  result: z.object({ oauth2CredentialId: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    issuerOfProvider(app, params.provider);
    const id = newId(now.getTime());
    await tx.insert(oauth2Credentials).values({
      id,
      organizationId: organization.id,
      provider: params.provider,
      clientId: params.clientId,
      createdAt: now,
      updatedAt: now,
    });
    await sealOauth2ClientSecret(
      tx,
      app.keyring,
      organization.id,
      id,
      params.encryptedClientSecret,
      now,
    ).catch(clientSecretRefused);
    return { oauth2CredentialId: id };
  },
});
