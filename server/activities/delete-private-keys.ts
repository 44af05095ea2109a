import { inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeletePrivateKeysParams } from "@/lib/api/private-keys";
import { privateKeyAddresses, privateKeys } from "../db/schema";
import { ApiError } from "../errors";
import { findPrivateKeys } from "../private-keys/find";
import { deleteSecrets } from "../signer/vault";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deletePrivateKeys = defineActivity({
  path: "delete_private_keys",
  type: ACTIVITY_TYPES.delete_private_keys,
  resource: "PRIVATE_KEY",
  action: "DELETE",
  targets: (params) => ({ privateKeyIds: params.privateKeyIds }),
  intentKey: "deletePrivateKeysIntent",
  resultKey: "deletePrivateKeysResult",
  summary:
    "Delete private keys and their sealed key material. A key never exported is kept unless " +
    "deleteWithoutExport is true: deleting it would lose it for good.",
  describe: (p, n) =>
    `${counted("Delete", "private key", p.privateKeyIds.map(n.privateKey))}${p.deleteWithoutExport ? " (never exported)" : ""}`,
  params: ZDeletePrivateKeysParams,
  result: z.object({ privateKeyIds: z.array(z.string()) }),
  async execute({ tx, organization }, params) {
    const rows = await findPrivateKeys(tx, organization.id, params.privateKeyIds);
    const unexported = rows.find((k) => !k.exported);
    if (unexported && !params.deleteWithoutExport) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "PRIVATE_KEY_NOT_EXPORTED",
        `private key ${unexported.id} has never been exported; export it first, or set deleteWithoutExport to delete it anyway`,
      );
    }
    const ids = rows.map((k) => k.id);
    await tx.delete(privateKeyAddresses).where(inArray(privateKeyAddresses.privateKeyId, ids));
    await tx.delete(privateKeys).where(inArray(privateKeys.id, ids));
    await deleteSecrets(tx, ids);
    return { privateKeyIds: params.privateKeyIds };
  },
});
