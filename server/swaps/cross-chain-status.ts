import type { TSwapStatus } from "@/lib/api/swaps";
import type { SendTransactionRow, SwapCrossChainFillRow, SwapQuoteRow } from "../db/schema";
import type { SendFailure } from "../sends/records";

/**
 * get_swap_status of a cross-chain swap, from its deposit send and the provider's fill, in the
 * reference's shape: PENDING until the payout (or the refund) is in a block; COMPLETED with the
 * origin hash, `destinationTxHashes` (the payout, then the client fee's transfer) and the
 * `outputAmount` paid; FAILED with ORIGIN_TRANSACTION_FAILED when the deposit failed, or with
 * PROVIDER_FILL_FAILED (`providerReason` says why) and `refund` once the input is back.
 */
export function crossChainStatus(
  quote: SwapQuoteRow,
  send: SendTransactionRow,
  fill: SwapCrossChainFillRow | undefined,
): TSwapStatus {
  const updated = Math.max(send.updatedAt.getTime(), fill?.updatedAt.getTime() ?? 0);
  const base = {
    swapKind: "CROSS_CHAIN" as const,
    provider: quote.provider,
    inputToken: quote.inputToken,
    outputToken: quote.outputToken,
    inputAmount: quote.inputAmount,
    updatedAt: String(updated),
    ...(send.txHash ? { originTxHash: send.txHash } : {}),
  };
  if (send.status === "FAILED") {
    const message = (send.error as SendFailure | null)?.message ?? "the deposit transaction failed";
    return { ...base, status: "FAILED", error: { reason: "ORIGIN_TRANSACTION_FAILED", message } };
  }
  if (fill?.status === "COMPLETED") {
    return {
      ...base,
      status: "COMPLETED",
      destinationTxHashes: fill.legs.flatMap((l) => (l.txHash ? [l.txHash] : [])),
      ...(fill.outputAmount ? { outputAmount: fill.outputAmount } : {}),
    };
  }
  if (fill?.status === "REFUNDED") {
    const leg = fill.legs.find((l) => l.purpose === "REFUND");
    return {
      ...base,
      status: "FAILED",
      error: {
        reason: "PROVIDER_FILL_FAILED",
        message: "the provider could not fill the swap and refunded the input on the origin chain",
        ...(fill.reason ? { providerReason: fill.reason } : {}),
      },
      refund: {
        asset: quote.inputToken,
        amount: leg?.amount ?? quote.inputAmount,
        ...(leg?.txHash ? { txHash: leg.txHash } : {}),
      },
    };
  }
  if (fill?.status === "FAILED") {
    return {
      ...base,
      status: "FAILED",
      error: {
        reason: "PROVIDER_FILL_FAILED",
        message: "the provider did not complete the swap",
        ...(fill.reason ? { providerReason: fill.reason } : {}),
      },
    };
  }
  return { ...base, status: "PENDING" };
}
