import { inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteWalletsParams } from "@/lib/api/wallets";
import { walletAccounts, wallets } from "../db/schema";
import { ApiError } from "../errors";
import { deleteSecrets } from "../signer/vault";
import { findWallets } from "../wallets/find";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deleteWallets = defineActivity({
  path: "delete_wallets",
  type: ACTIVITY_TYPES.delete_wallets,
  resource: "WALLET",
  action: "DELETE",
  targets: (params) => ({ walletIds: params.walletIds }),
  intentKey: "deleteWalletsIntent",
  resultKey: "deleteWalletsResult",
  summary:
    "Delete wallets, their accounts and their sealed mnemonics and account keys. A wallet never exported is kept " +
    "unless deleteWithoutExport is true: deleting it would lose the keys for good.",
  describe: (p, n) =>
    `${counted("Delete", "wallet", p.walletIds.map(n.wallet))}${p.deleteWithoutExport ? " (never exported)" : ""}`,
  params: ZDeleteWalletsParams,
  result: z.object({ walletIds: z.array(z.string()) }),
  async execute({ tx, organization }, params) {
    const rows = await findWallets(tx, organization.id, params.walletIds);
    const unexported = rows.find((w) => !w.exported);
    if (unexported && !params.deleteWithoutExport) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "WALLET_NOT_EXPORTED",
        `wallet ${unexported.id} has never been exported; export it first, or set deleteWithoutExport to delete it anyway`,
      );
    }
    const ids = rows.map((w) => w.id);
    const accounts = await tx
      .delete(walletAccounts)
      .where(inArray(walletAccounts.walletId, ids))
      .returning({ id: walletAccounts.id });
    await tx.delete(wallets).where(inArray(wallets.id, ids));
    // The mnemonics and each account's sealed key.
    await deleteSecrets(tx, [...ids, ...accounts.map((a) => a.id)]);
    return { walletIds: params.walletIds };
  },
});
