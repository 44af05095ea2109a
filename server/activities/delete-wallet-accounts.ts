import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteWalletAccountsParams } from "@/lib/api/wallets";
import { walletAccounts, wallets } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { deleteWalletAccountKeys } from "../signer/wallet-secrets";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deleteWalletAccounts = defineActivity({
  path: "delete_wallet_accounts",
  type: ACTIVITY_TYPES.delete_wallet_accounts,
  resource: "WALLET",
  action: "DELETE",
  targets: (params) => ({ walletAccountIds: params.walletAccountIds }),
  intentKey: "deleteWalletAccountsIntent",
  resultKey: "deleteWalletAccountsResult",
  summary:
    "Delete wallet accounts and their sealed keys (the wallet's mnemonic stays, so they can be derived again). Refused for a " +
    "wallet never exported unless deleteWithoutExport is true.",
  describe: (p, n) =>
    `${counted("Delete", "wallet account", p.walletAccountIds.map(n.walletAccount))}${p.deleteWithoutExport ? " (never exported)" : ""}`,
  params: ZDeleteWalletAccountsParams,
  result: z.object({ walletAccountIds: z.array(z.string()) }),
  async execute({ tx, organization }, params) {
    const rows = await tx
      .select({ id: walletAccounts.id, walletId: walletAccounts.walletId, exported: wallets.exported })
      .from(walletAccounts)
      .innerJoin(wallets, eq(wallets.id, walletAccounts.walletId))
      .where(
        and(
          eq(walletAccounts.organizationId, organization.id),
          inArray(walletAccounts.id, params.walletAccountIds),
        ),
      );
    const missing = params.walletAccountIds.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound("wallet account", missing);
    const unexported = rows.find((r) => !r.exported);
    if (unexported && !params.deleteWithoutExport) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "WALLET_NOT_EXPORTED",
        `wallet ${unexported.walletId} of account ${unexported.id} has never been exported; export it first, or set deleteWithoutExport`,
      );
    }
    await tx.delete(walletAccounts).where(inArray(walletAccounts.id, params.walletAccountIds));
    await deleteWalletAccountKeys(tx, params.walletAccountIds);
    return { walletAccountIds: params.walletAccountIds };
  },
});
