import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitImportPrivateKeyParams } from "@/lib/api/private-keys";
import { notFound } from "../errors";
import { initImportTarget } from "../signer/import-targets";
import { findUser } from "../users/render";
import { defineActivity } from "./define";

export const initImportPrivateKey = defineActivity({
  path: "init_import_private_key",
  type: ACTIVITY_TYPES.init_import_private_key,
  resource: "PRIVATE_KEY",
  action: "IMPORT",
  intentKey: "initImportPrivateKeyIntent",
  resultKey: "initImportPrivateKeyResult",
  summary:
    "Start a private key import: a fresh target key for the user, in a bundle signed by the server key " +
    "(encrypt the key to it with @turnkey/crypto encryptPrivateKeyToBundle)",
  params: ZInitImportPrivateKeyParams,
  result: z.object({ importBundle: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    return {
      importBundle: await initImportTarget(
        tx,
        app.keyring,
        app.serverKey,
        organization.id,
        params.userId,
        now,
      ),
    };
  },
});
