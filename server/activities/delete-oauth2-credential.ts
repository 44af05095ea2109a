import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteOauth2CredentialParams } from "@/lib/api/oauth2";
import { oauth2Credentials } from "../db/schema";
import { oauth2CredentialById } from "../oidc/oauth2-credentials";
import { shredOauth2ClientSecret } from "../signer/oauth2-secrets";
import { defineActivity } from "./define";

export const deleteOauth2Credential = defineActivity({
  path: "delete_oauth2_credential",
  type: ACTIVITY_TYPES.delete_oauth2_credential,
  resource: "CONFIG",
  action: "DELETE",
  intentKey: "deleteOauth2CredentialIntent",
  resultKey: "deleteOauth2CredentialResult",
  describe: (p) => `Delete OAuth 2.0 credential ${p.oauth2CredentialId}`,
  summary: "Delete an OAuth 2.0 credential and shred its sealed client secret",
  params: ZDeleteOauth2CredentialParams,
  result: z.object({ oauth2CredentialId: z.string() }),
  async execute({ tx, organization }, params) {
    const row = await oauth2CredentialById(tx, organization.id, params.oauth2CredentialId);
    await shredOauth2ClientSecret(tx, row.id);
    await tx.delete(oauth2Credentials).where(eq(oauth2Credentials.id, row.id));
    return { oauth2CredentialId: row.id };
  },
});
