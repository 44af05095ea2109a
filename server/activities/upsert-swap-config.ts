import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpsertSwapConfigParams } from "@/lib/api/swaps";
import { swapConfigs } from "../db/schema";
import { invalid } from "../errors";
import { findSignerSource } from "../sign-with/signer-source";
import { defineActivity } from "./define";

/**
 * upsert_swap_config: the organization's client fee on swaps — `feeBps` on every pair,
 * `stableFeeBps` when both sides are stablecoins — and the wallet account it accrues to
 * (`feeReceiverWalletAddress`, an Ethereum account of this organization; "" turns fees off).
 * Omitted fields keep their value.
 */
export const upsertSwapConfig = defineActivity({
  path: "upsert_swap_config",
  type: ACTIVITY_TYPES.upsert_swap_config,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "upsertSwapConfigIntent",
  resultKey: "upsertSwapConfigResult",
  summary:
    "Set the client fee taken on swaps (feeBps, stableFeeBps for stablecoin pairs) and the wallet account it accrues to",
  describe: (p) =>
    `Set the swap fee${p.feeBps ? ` to ${p.feeBps} bps` : ""}${p.feeReceiverWalletAddress ? `, paid to ${p.feeReceiverWalletAddress}` : ""}`,
  params: ZUpsertSwapConfigParams,
  result: z.object({
    feeReceiverWalletAddress: z.string(),
    feeBps: z.string(),
    stableFeeBps: z.string().optional(),
  }),
  async execute({ tx, organization, now }, params) {
    const receiver = params.feeReceiverWalletAddress;
    if (receiver) {
      const source = await findSignerSource(tx, organization.id, receiver);
      if (source?.kind !== "WALLET_ACCOUNT" || source.curve !== "CURVE_SECP256K1") {
        throw invalid(
          `${receiver} is not an Ethereum wallet account of this organization`,
          "feeReceiverWalletAddress",
        );
      }
    }
    const changes = {
      ...(receiver !== undefined ? { feeReceiverAddress: receiver || null } : {}),
      ...(params.feeBps !== undefined ? { feeBps: Number(params.feeBps) } : {}),
      ...(params.stableFeeBps !== undefined ? { stableFeeBps: Number(params.stableFeeBps) } : {}),
      updatedAt: now,
    };
    const [row] = await tx
      .insert(swapConfigs)
      .values({ organizationId: organization.id, feeBps: 0, ...changes })
      .onConflictDoUpdate({ target: swapConfigs.organizationId, set: changes })
      .returning();
    return {
      feeReceiverWalletAddress: row!.feeReceiverAddress ?? "",
      feeBps: String(row!.feeBps),
      ...(row!.stableFeeBps !== null ? { stableFeeBps: String(row!.stableFeeBps) } : {}),
    };
  },
});
