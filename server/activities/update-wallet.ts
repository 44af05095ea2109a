import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdateWalletParams } from "@/lib/api/wallets";
import { wallets } from "../db/schema";
import { textParam } from "../policy/context/params";
import { refuseTakenName } from "../wallets/create";
import { findWallet } from "../wallets/find";
import { defineActivity } from "./define";

export const updateWallet = defineActivity({
  path: "update_wallet",
  type: ACTIVITY_TYPES.update_wallet,
  resource: "WALLET",
  action: "UPDATE",
  policyParams: [textParam("wallet_id", "walletId")],
  targets: (params) => ({ walletIds: [params.walletId] }),
  intentKey: "updateWalletIntent",
  resultKey: "updateWalletResult",
  summary: "Rename a wallet",
  describe: (p, n) =>
    p.walletName === undefined
      ? `Update wallet ${n.wallet(p.walletId)}`
      : `Rename wallet ${n.wallet(p.walletId)} to ${p.walletName}`,
  params: ZUpdateWalletParams,
  result: z.object({ walletId: z.string() }),
  async execute({ tx, organization, now }, params) {
    const wallet = await findWallet(tx, organization.id, params.walletId);
    if (params.walletName !== undefined && params.walletName !== wallet.name) {
      await refuseTakenName(tx, organization.id, params.walletName);
      await tx
        .update(wallets)
        .set({ name: params.walletName, updatedAt: now })
        .where(eq(wallets.id, wallet.id));
    }
    return { walletId: wallet.id };
  },
});
