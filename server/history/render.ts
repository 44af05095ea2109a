import { displayAmount, nativeAsset } from "@/lib/api/assets";
import type { TEthTransactionHistoryItem } from "@/lib/api/history";
import type { EvmHistoryRow } from "../db/schema";

/** What Latchkey knows of a transaction it sent itself (joined from send_transactions). */
export interface SentBy {
  sponsored: boolean;
  activityFingerprint: string;
  submittedAt: Date;
}

/** A stored history row as list_eth_transaction_history answers it for its address. */
export function renderHistoryItem(
  row: EvmHistoryRow,
  finalizedBlock: number | undefined,
  sentBy: SentBy | undefined,
): TEthTransactionHistoryItem {
  const native = nativeAsset(row.caip2);
  return {
    transactionHash: row.txHash,
    block: { number: String(row.blockNumber), hash: row.blockHash, timestamp: row.blockTime.toISOString() },
    status: finalizedBlock !== undefined && row.blockNumber <= finalizedBlock ? "FINALIZED" : "CONFIRMED",
    origin: sentBy ? "TURNKEY" : "EXTERNAL",
    from: row.fromAddress,
    ...(row.toAddress ? { to: row.toAddress } : {}),
    fee: { amount: row.fee, caip19: native.caip19 },
    transfers: row.transfers.map((t) => {
      const asset =
        t.asset.caip19 === "native"
          ? { caip19: native.caip19, symbol: native.symbol, name: native.name, decimals: native.decimals }
          : t.asset.symbol !== undefined && t.asset.name !== undefined && t.asset.decimals !== undefined
            ? {
                caip19: t.asset.caip19,
                symbol: t.asset.symbol,
                name: t.asset.name,
                decimals: t.asset.decimals,
              }
            : undefined;
      return {
        direction: t.direction,
        ...(asset ? { asset, display: { crypto: displayAmount(BigInt(t.amount), asset.decimals) } } : {}),
        amount: t.amount,
        counterparty: t.counterparty,
      };
    }),
    ...(sentBy
      ? {
          turnkey: {
            sponsored: sentBy.sponsored,
            activityFingerprint: sentBy.activityFingerprint,
            submittedAt: sentBy.submittedAt.toISOString(),
          },
        }
      : {}),
  };
}
