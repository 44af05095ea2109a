import { and, eq, type SQL } from "drizzle-orm";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZGetWalletAccountRequest } from "@/lib/api/wallets";
import { walletAccounts } from "../db/schema";
import { invalid, notFound } from "../errors";
import { findWallet } from "../wallets/find";
import { renderAccount } from "../wallets/render";
import { defineQuery } from "./define";

export const getWalletAccount = defineQuery({
  path: "get_wallet_account",
  summary: "One account of a wallet, chosen by address or by path, with its wallet's details",
  request: ZGetWalletAccountRequest,
  response: QUERY_RESPONSES.get_wallet_account,
  async run({ app, organization }, request) {
    if (!request.address && !request.path)
      throw invalid("give address or path to choose the account", "address");
    const wallet = await findWallet(app.db, organization.id, request.walletId);
    const where: SQL[] = [eq(walletAccounts.walletId, wallet.id)];
    if (request.address) where.push(eq(walletAccounts.address, request.address));
    if (request.path) where.push(eq(walletAccounts.path, request.path));
    const [row] = await app.db
      .select()
      .from(walletAccounts)
      .where(and(...where))
      .orderBy(walletAccounts.id)
      .limit(1);
    if (!row) throw notFound("wallet account", request.address ?? request.path!);
    return { account: renderAccount(row, wallet) };
  },
});
