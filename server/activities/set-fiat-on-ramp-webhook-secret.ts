import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSetFiatOnRampWebhookSecretParams } from "@/lib/api/onramp";
import { credentialById, secretRefused } from "../onramp/credentials";
import { webhookPath } from "../onramp/webhooks";
import { sealOnRampWebhookSecret } from "../signer/onramp-secrets";
import { defineActivity } from "./define";

/**
 * set_fiat_on_ramp_webhook_secret: give a credential the key its provider signs webhooks with, so
 * that POST /api/onramp/webhooks/<credentialId> accepts them. The reference has no field for it,
 * hence an extension; the secret travels encrypted and is sealed like the API keys, never returned.
 */
export const setFiatOnRampWebhookSecret = defineActivity({
  path: "set_fiat_on_ramp_webhook_secret",
  latchkeyExtension: true,
  type: ACTIVITY_TYPES.set_fiat_on_ramp_webhook_secret,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "setFiatOnRampWebhookSecretIntent",
  resultKey: "setFiatOnRampWebhookSecretResult",
  describe: (p) => `Set the webhook secret of on-ramp credentials ${p.fiatOnrampCredentialId}`,
  summary:
    "Set the key a fiat on-ramp provider signs its webhooks with (encrypted as the API keys); answers the webhook path to give the provider",
  params: ZSetFiatOnRampWebhookSecretParams,
  result: z.object({ fiatOnRampCredentialId: z.string(), webhookPath: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    const row = await credentialById(tx, organization.id, params.fiatOnrampCredentialId);
    await sealOnRampWebhookSecret(
      tx,
      app.keyring,
      organization.id,
      row.id,
      params.encryptedWebhookSecret,
      now,
    ).catch(secretRefused);
    return { fiatOnRampCredentialId: row.id, webhookPath: webhookPath(row.id) };
  },
});
