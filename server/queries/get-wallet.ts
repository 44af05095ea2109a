import { z } from "zod";
import { ZGetWalletRequest, ZWallet } from "@/lib/api/wallets";
import { findWallet } from "../wallets/find";
import { renderWallet } from "../wallets/render";
import { defineQuery } from "./define";

export const getWallet = defineQuery({
  path: "get_wallet",
  summary: "One wallet (never its mnemonic)",
  request: ZGetWalletRequest,
  response: z.object({ wallet: ZWallet }),
  run: async ({ app, organization }, request) => ({
    wallet: renderWallet(await findWallet(app.db, organization.id, request.walletId)),
  }),
});
