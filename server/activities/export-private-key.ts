import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZExportPrivateKeyParams } from "@/lib/api/private-keys";
import { privateKeys } from "../db/schema";
import { TARGET_PUBLIC_KEY_PARAMS } from "../policy/context/params";
import { findPrivateKeys } from "../private-keys/find";
import { exportPrivateKeyBundle } from "../signer/private-key-secrets";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

export const exportPrivateKey = defineActivity({
  path: "export_private_key",
  type: ACTIVITY_TYPES.export_private_key,
  resource: "PRIVATE_KEY",
  action: "EXPORT",
  policyParams: TARGET_PUBLIC_KEY_PARAMS,
  targets: (params) => ({ privateKeyIds: [params.privateKeyId] }),
  intentKey: "exportPrivateKeyIntent",
  resultKey: "exportPrivateKeyResult",
  summary:
    "Export a private key, HPKE-encrypted to targetPublicKey and signed by the server key " +
    "(open it with @turnkey/crypto decryptExportBundle)",
  describe: (p, n) =>
    `Export private key ${n.privateKey(p.privateKeyId)} to key ${shorten(p.targetPublicKey)}`,
  params: ZExportPrivateKeyParams,
  result: z.object({ privateKeyId: z.string(), exportBundle: z.string() }),
  async execute({ app, tx, organization, now }, params) {
    const [key] = await findPrivateKeys(tx, organization.id, [params.privateKeyId]);
    const exportBundle = await exportPrivateKeyBundle(
      tx,
      app.keyring,
      app.serverKey,
      { privateKeyId: key!.id, organizationId: organization.id },
      params.targetPublicKey,
    );
    await tx.update(privateKeys).set({ exported: true, updatedAt: now }).where(eq(privateKeys.id, key!.id));
    return { privateKeyId: key!.id, exportBundle };
  },
});
