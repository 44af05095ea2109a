import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZExportSecretsParams } from "@/lib/api/secrets";
import { findSecrets } from "../secrets/store";
import { exportOpaqueSecret } from "../signer/opaque-secrets";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

export const exportSecrets = defineActivity({
  path: "export_secrets",
  type: ACTIVITY_TYPES.export_secrets,
  resource: "SECRET",
  action: "EXPORT",
  intentKey: "exportSecretsIntent",
  resultKey: "exportSecretsResult",
  summary:
    "Export secrets, each HPKE-encrypted to its targetPublicKey and signed by the server key " +
    "(open one with @turnkey/crypto decryptSecretBundle)",
  describe: (p) =>
    p.secrets.length === 1
      ? `Export secret ${shorten(p.secrets[0]!.secretId)} to key ${shorten(p.secrets[0]!.targetPublicKey)}`
      : `Export ${p.secrets.length} secrets`,
  params: ZExportSecretsParams,
  result: z.object({ secretPayloads: z.array(z.string()) }),
  async execute({ app, tx, organization }, params) {
    const rows = await findSecrets(
      tx,
      organization.id,
      params.secrets.map((s) => s.secretId),
    );
    const secretPayloads: string[] = [];
    for (const [i, secret] of params.secrets.entries()) {
      secretPayloads.push(
        await exportOpaqueSecret(
          tx,
          app.keyring,
          app.serverKey,
          { secretId: rows[i]!.id, organizationId: organization.id },
          secret.targetPublicKey,
        ),
      );
    }
    return { secretPayloads };
  },
});
