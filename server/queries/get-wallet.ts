import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZGetWalletRequest } from "@/lib/api/wallets";
import { findWallet } from "../wallets/find";
import { renderWallet } from "../wallets/render";
import { defineQuery } from "./define";

export const getWallet = defineQuery({
  path: "get_wallet",
  summary: "One wallet (never its mnemonic)",
  request: ZGetWalletRequest,
  response: QUERY_RESPONSES.get_wallet,
  run: async ({ app, organization }, request) => ({
    wallet: renderWallet(await findWallet(app.db, organization.id, request.walletId)),
  }),
});
