import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZAddress, ZImportPrivateKeyParams } from "@/lib/api/private-keys";
import { notFound } from "../errors";
import { checkNewPrivateKeys, insertPrivateKey, newPrivateKeyId } from "../private-keys/create";
import { openImport } from "../signer/import-targets";
import { importPrivateKeySecret } from "../signer/private-key-secrets";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { IMPORTING_USER, importingUserId } from "./importing-user";

export const importPrivateKey = defineActivity({
  path: "import_private_key",
  type: ACTIVITY_TYPES.import_private_key,
  resource: "PRIVATE_KEY",
  action: "IMPORT",
  intentKey: "importPrivateKeyIntent",
  resultKey: "importPrivateKeyResult",
  summary: "Import a private key encrypted to the user's import target (from init_import_private_key)",
  describe: (p) => `Import private key ${p.privateKeyName} (${p.curve.replace("CURVE_", "")})`,
  params: ZImportPrivateKeyParams,
  ...IMPORTING_USER,
  result: z.object({ privateKeyId: z.string(), addresses: z.array(ZAddress) }),
  async execute({ app, tx, organization, caller, now }, params) {
    const userId = importingUserId(params, caller);
    if (!(await findUser(tx, organization.id, userId))) throw notFound("user", userId);
    const key = { ...params, privateKeyTags: [] };
    await checkNewPrivateKeys(tx, organization.id, [key]);
    const privateKeyId = newPrivateKeyId(now);
    const ref = { privateKeyId, organizationId: organization.id };
    const publicKey = await openImport(
      tx,
      app.keyring,
      organization.id,
      userId,
      params.encryptedBundle,
      (raw) => importPrivateKeySecret(tx, app.keyring, ref, params.curve, raw, now),
    );
    const addresses = await insertPrivateKey(tx, organization.id, privateKeyId, key, publicKey, now, {
      imported: true,
    });
    return { privateKeyId, addresses };
  },
});
