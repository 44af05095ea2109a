import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZImportSecretsParams } from "@/lib/api/secrets";
import { secrets } from "../db/schema";
import { newId } from "../ids";
import { checkSecretNames } from "../secrets/store";
import { importOpaqueSecret } from "../signer/opaque-secrets";
import { defineActivity } from "./define";

export const importSecrets = defineActivity({
  path: "import_secrets",
  type: ACTIVITY_TYPES.import_secrets,
  resource: "SECRET",
  action: "IMPORT",
  intentKey: "importSecretsIntent",
  resultKey: "importSecretsResult",
  summary:
    "Import opaque secrets, each encrypted to a target key from init_import_secrets; sealed at rest like " +
    "key material, listed by list_secrets, readable only through export_secrets",
  describe: (p) => {
    const named = p.secrets.flatMap((s) => (s.name ? [s.name] : []));
    const count = `${p.secrets.length} secret${p.secrets.length === 1 ? "" : "s"}`;
    return named.length > 0 ? `Import ${count}: ${named.join(", ")}` : `Import ${count}`;
  },
  params: ZImportSecretsParams,
  result: z.object({ secretIds: z.array(z.string()) }),
  async execute({ app, tx, organization, caller, now }, params) {
    await checkSecretNames(
      tx,
      organization.id,
      params.secrets.map((s) => s.name),
    );
    const secretIds: string[] = [];
    for (const [i, secret] of params.secrets.entries()) {
      const secretId = newId(now.getTime());
      await importOpaqueSecret(
        tx,
        app.keyring,
        { secretId, organizationId: organization.id },
        { publicKey: secret.targetPublicKey, payload: secret.secretPayload, field: `secrets[${i}]` },
        now,
      );
      await tx.insert(secrets).values({
        id: secretId,
        organizationId: organization.id,
        name: secret.name ?? null,
        staticProperties: secret.staticProperties ?? [],
        importedByUserId: caller.user.id,
        createdAt: now,
      });
      secretIds.push(secretId);
    }
    return { secretIds };
  },
});
