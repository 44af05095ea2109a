import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitImportSecretsParams } from "@/lib/api/secrets";
import { initSecretImportTargets } from "../signer/opaque-secrets";
import { defineActivity } from "./define";

export const initImportSecrets = defineActivity({
  path: "init_import_secrets",
  type: ACTIVITY_TYPES.init_import_secrets,
  resource: "SECRET",
  action: "IMPORT",
  intentKey: "initImportSecretsIntent",
  resultKey: "initImportSecretsResult",
  summary:
    "Start importing secrets: one fresh target key per secret, each in a bundle signed by the server key " +
    "(encrypt each secret to one with @turnkey/crypto encryptSecretToBundle)",
  describe: (p) => `Start importing ${p.numSecrets} secret${p.numSecrets === 1 ? "" : "s"}`,
  params: ZInitImportSecretsParams,
  result: z.object({ enclaveTargetMessages: z.array(z.string()) }),
  async execute({ app, tx, organization, caller, now }, params) {
    const enclaveTargetMessages = await initSecretImportTargets(
      tx,
      app.keyring,
      app.serverKey,
      organization.id,
      caller.user.id,
      params.numSecrets,
      now,
    );
    return { enclaveTargetMessages };
  },
});
