import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateOauth2CredentialParams } from "@/lib/api/oauth2";
import { oauth2Credentials } from "../db/schema";
import { clientSecretRefused, issuerOfProvider, oauth2CredentialById } from "../oidc/oauth2-credentials";
import { sealOauth2ClientSecret } from "../signer/oauth2-secrets";
import { providerName } from "./create-oauth2-credential";
import { defineActivity } from "./define";

export const updateOauth2Credential = defineActivity({
  path: "update_oauth2_credential",
  type: ACTIVITY_TYPES.update_oauth2_credential,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "updateOauth2CredentialIntent",
  resultKey: "updateOauth2CredentialResult",
  describe: (p) =>
    `Update OAuth 2.0 credential ${p.oauth2CredentialId} (${providerName(p.provider)} client ${p.clientId})`,
  summary: "Replace an OAuth 2.0 credential's provider, client id and secret (encrypted as for create)",
  params: ZUpdateOauth2CredentialParams,
  result: z.object({ oauth2CredentialId: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    const row = await oauth2CredentialById(tx, organization.id, params.oauth2CredentialId);
    issuerOfProvider(app, params.provider);
    await tx
      .update(oauth2Credentials)
      .set({ provider: params.provider, clientId: params.clientId, updatedAt: now })
      .where(eq(oauth2Credentials.id, row.id));
    await sealOauth2ClientSecret(
      tx,
      app.keyring,
      organization.id,
      row.id,
      params.encryptedClientSecret,
      now,
    ).catch(clientSecretRefused);
    return { oauth2CredentialId: row.id };
  },
});
