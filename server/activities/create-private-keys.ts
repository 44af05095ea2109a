import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZAddress, ZCreatePrivateKeysParams } from "@/lib/api/private-keys";
import { checkNewPrivateKeys, insertPrivateKey, newPrivateKeyId } from "../private-keys/create";
import { createPrivateKeySecret } from "../signer/private-key-secrets";
import { defineActivity } from "./define";

export const createPrivateKeys = defineActivity({
  path: "create_private_keys",
  type: ACTIVITY_TYPES.create_private_keys,
  resource: "PRIVATE_KEY",
  action: "CREATE",
  alsoAccepts: ["ACTIVITY_TYPE_CREATE_PRIVATE_KEYS"],
  intentKey: "createPrivateKeysIntentV2",
  resultKey: "createPrivateKeysResultV2",
  summary: "Generate private keys (sealed at rest) with the addresses of the given formats",
  params: ZCreatePrivateKeysParams,
  result: z.object({
    privateKeys: z.array(z.object({ privateKeyId: z.string(), addresses: z.array(ZAddress) })),
  }),
  async execute({ app, tx, organization, now }, params) {
    await checkNewPrivateKeys(tx, organization.id, params.privateKeys);
    const created = [];
    for (const key of params.privateKeys) {
      const privateKeyId = newPrivateKeyId(now);
      const ref = { privateKeyId, organizationId: organization.id };
      const publicKey = await createPrivateKeySecret(tx, app.keyring, ref, key.curve, now);
      const addresses = await insertPrivateKey(tx, organization.id, privateKeyId, key, publicKey, now, {
        imported: false,
      });
      created.push({ privateKeyId, addresses });
    }
    return { privateKeys: created };
  },
});
