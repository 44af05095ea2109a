import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZAddress, ZCreatePrivateKeysParams } from "@/lib/api/private-keys";
import { checkNewPrivateKeys, insertPrivateKeys, newPrivateKeyId } from "../private-keys/create";
import { createPrivateKeySecrets } from "../signer/private-key-secrets";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const createPrivateKeys = defineActivity({
  path: "create_private_keys",
  type: ACTIVITY_TYPES.create_private_keys,
  resource: "PRIVATE_KEY",
  action: "CREATE",
  alsoAccepts: ["ACTIVITY_TYPE_CREATE_PRIVATE_KEYS"],
  intentKey: "createPrivateKeysIntentV2",
  resultKey: "createPrivateKeysResultV2",
  summary: "Generate private keys (sealed at rest) with the addresses of the given formats",
  describe: (p) =>
    counted(
      "Create",
      "private key",
      p.privateKeys.map((k) => k.privateKeyName),
    ),
  params: ZCreatePrivateKeysParams,
  result: z.object({
    privateKeys: z.array(z.object({ privateKeyId: z.string(), addresses: z.array(ZAddress) })),
  }),
  async execute({ app, tx, organization, now }, params) {
    await checkNewPrivateKeys(tx, organization.id, params.privateKeys);
    // Keys are made and sealed, then their rows written, in a few statements whatever their number.
    const ids = params.privateKeys.map(() => newPrivateKeyId(now));
    const publicKeys = await createPrivateKeySecrets(
      tx,
      app.keyring,
      params.privateKeys.map((key, i) => ({
        ref: { privateKeyId: ids[i]!, organizationId: organization.id },
        curve: key.curve,
      })),
      now,
    );
    const addresses = await insertPrivateKeys(
      tx,
      organization.id,
      params.privateKeys.map((key, i) => ({ id: ids[i]!, key, publicKey: publicKeys[i]! })),
      now,
      { imported: false },
    );
    const created = ids.map((privateKeyId, i) => ({ privateKeyId, addresses: addresses[i]! }));
    return { privateKeys: created };
  },
});
