import { eq } from "drizzle-orm";
import { z } from "zod";
import { ZUpdateWalletParams } from "@/lib/api/wallets";
import { wallets } from "../db/schema";
import { refuseTakenName } from "../wallets/create";
import { findWallet } from "../wallets/find";
import { defineActivity } from "./define";

export const updateWallet = defineActivity({
  path: "update_wallet",
  type: "ACTIVITY_TYPE_UPDATE_WALLET",
  intentKey: "updateWalletIntent",
  resultKey: "updateWalletResult",
  summary: "Rename a wallet",
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
