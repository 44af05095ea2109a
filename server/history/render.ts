import { displayAmount, nativeAsset, type TAssetMetadata } from "@/lib/api/assets";
import type { TEthTransactionHistoryItem } from "@/lib/api/history";
import type { EvmHistoryRow, StoredTransfer } from "../db/schema";

/** What Latchkey knows of a transaction it sent itself (joined from send_transactions). */
export interface SentBy {
  sponsored: boolean;
  activityFingerprint: string;
  submittedAt: Date;
}

/**
 * Stored transfers as the history answers show them: the asset named in full when it is known
 * (omitted, as the reference allows, when the token did not say what it is), with a display amount.
 */
export function renderTransfers(transfers: StoredTransfer[], native: TAssetMetadata) {
  return transfers.map((t) => {
    const asset =
      t.asset.caip19 === "native"
        ? { caip19: native.caip19, symbol: native.symbol, name: native.name, decimals: native.decimals }
        : t.asset.symbol !== undefined && t.asset.name !== undefined && t.asset.decimals !== undefined
          ? { caip19: t.asset.caip19, symbol: t.asset.symbol, name: t.asset.name, decimals: t.asset.decimals }
          : undefined;
    return {
      direction: t.direction,
      ...(asset ? { asset, display: { crypto: displayAmount(BigInt(t.amount), asset.decimals) } } : {}),
      amount: t.amount,
      counterparty: t.counterparty,
    };
  });
}

/** The `turnkey` metadata of a transaction this server sent. */
export function renderSentBy(sentBy: SentBy | undefined) {
  return sentBy
    ? {
        turnkey: {
          sponsored: sentBy.sponsored,
          activityFingerprint: sentBy.activityFingerprint,
          submittedAt: sentBy.submittedAt.toISOString(),
        },
      }
    : {};
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
    transfers: renderTransfers(row.transfers, native),
    ...renderSentBy(sentBy),
  };
}
