import { and, eq, inArray, type SQL } from "drizzle-orm";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZListWalletAccountsRequest } from "@/lib/api/wallets";
import { walletAccounts, wallets } from "../db/schema";
import { findWallet } from "../wallets/find";
import { renderAccount } from "../wallets/render";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

export const listWalletAccounts = defineQuery({
  path: "list_wallet_accounts",
  summary: "Accounts of one wallet (or of every wallet), oldest first, in pages",
  request: ZListWalletAccountsRequest,
  response: QUERY_RESPONSES.list_wallet_accounts,
  async run({ app, organization }, request) {
    if (request.walletId) await findWallet(app.db, organization.id, request.walletId);
    const page = pageOf(walletAccounts.id, request.paginationOptions, "oldest-first");
    const where: (SQL | undefined)[] = [eq(walletAccounts.organizationId, organization.id), page.where];
    if (request.walletId) where.push(eq(walletAccounts.walletId, request.walletId));
    const rows = await app.db
      .select()
      .from(walletAccounts)
      .where(and(...where))
      .orderBy(page.orderBy)
      .limit(page.limit);
    if (page.reverse) rows.reverse();
    const owners = request.includeWalletDetails
      ? await app.db
          .select()
          .from(wallets)
          .where(inArray(wallets.id, [...new Set(rows.map((r) => r.walletId)), ""]))
      : [];
    return {
      accounts: rows.map((row) =>
        renderAccount(
          row,
          owners.find((w) => w.id === row.walletId),
        ),
      ),
    };
  },
});
