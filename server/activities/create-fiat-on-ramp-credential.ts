import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateFiatOnRampCredentialParams } from "@/lib/api/onramp";
import { fiatOnRampCredentials } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";
import { credentialForProvider, secretRefused } from "../onramp/credentials";
import { sealOnRampSecrets } from "../signer/onramp-secrets";
import { defineActivity } from "./define";

export const createFiatOnRampCredential = defineActivity({
  path: "create_fiat_on_ramp_credential",
  type: ACTIVITY_TYPES.create_fiat_on_ramp_credential,
  resource: "CONFIG",
  action: "CREATE",
  intentKey: "createFiatOnRampCredentialIntent",
  resultKey: "createFiatOnRampCredentialResult",
  describe: (p) =>
    `Add ${p.onrampProvider === "FIAT_ON_RAMP_PROVIDER_MOONPAY" ? "MoonPay" : "Coinbase"} on-ramp credentials${p.sandboxMode ? " (sandbox)" : ""}`,
  summary:
    "Add the organization's account with a fiat on-ramp provider (one per provider); its secret keys " +
    "arrive encrypted to get_on_ramp_encryption_key's key (encryptOnRampSecret) and are sealed, never returned",
  params: ZCreateFiatOnRampCredentialParams,
  result: z.object({ fiatOnRampCredentialId: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    if (await credentialForProvider(tx, organization.id, params.onrampProvider)) {
      throw new ApiError(
        "ALREADY_EXISTS",
        "ONRAMP_CREDENTIAL_EXISTS",
        `the organization already has a ${params.onrampProvider} credential: update or delete it`,
      );
    }
    const id = newId(now.getTime());
    await tx.insert(fiatOnRampCredentials).values({
      id,
      organizationId: organization.id,
      provider: params.onrampProvider,
      projectId: params.projectId ?? null,
      publishableApiKey: params.publishableApiKey,
      hasPrivateApiKey: params.encryptedPrivateApiKey !== undefined,
      sandboxMode: params.sandboxMode ?? false,
      createdAt: now,
      updatedAt: now,
    });
    await sealOnRampSecrets(tx, app.keyring, organization.id, id, params, now).catch(secretRefused);
    return { fiatOnRampCredentialId: id };
  },
});
