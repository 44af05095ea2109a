import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateFiatOnRampCredentialParams } from "@/lib/api/onramp";
import { fiatOnRampCredentials } from "../db/schema";
import { invalid } from "../errors";
import { credentialById, secretRefused } from "../onramp/credentials";
import { sealOnRampSecrets } from "../signer/onramp-secrets";
import { defineActivity } from "./define";

export const updateFiatOnRampCredential = defineActivity({
  path: "update_fiat_on_ramp_credential",
  type: ACTIVITY_TYPES.update_fiat_on_ramp_credential,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "updateFiatOnRampCredentialIntent",
  resultKey: "updateFiatOnRampCredentialResult",
  describe: (p) => `Update on-ramp credentials ${p.fiatOnrampCredentialId}`,
  summary:
    "Replace a fiat on-ramp credential's keys (the secrets encrypted as for create); the provider stays",
  params: ZUpdateFiatOnRampCredentialParams,
  result: z.object({ fiatOnRampCredentialId: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    const row = await credentialById(tx, organization.id, params.fiatOnrampCredentialId);
    if (row.provider !== params.onrampProvider) {
      throw invalid(
        `credential ${row.id} is for ${row.provider}; a credential cannot change provider`,
        "onrampProvider",
      );
    }
    await tx
      .update(fiatOnRampCredentials)
      .set({
        projectId: params.projectId ?? null,
        publishableApiKey: params.publishableApiKey,
        hasPrivateApiKey: params.encryptedPrivateApiKey !== undefined,
        updatedAt: now,
      })
      .where(eq(fiatOnRampCredentials.id, row.id));
    await sealOnRampSecrets(tx, app.keyring, organization.id, row.id, params, now).catch(secretRefused);
    return { fiatOnRampCredentialId: row.id };
  },
});
