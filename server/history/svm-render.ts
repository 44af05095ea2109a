import { nativeAsset } from "@/lib/api/assets";
import type { TSolTransactionHistoryItem } from "@/lib/api/history";
import type { SolHistoryRow } from "../db/schema";
import { renderSentBy, renderTransfers, type SentBy } from "./render";

/** A stored Solana history row as list_sol_transaction_history answers it for its address. */
export function renderSolHistoryItem(
  row: SolHistoryRow,
  finalizedSlot: number | undefined,
  sentBy: SentBy | undefined,
): TSolTransactionHistoryItem {
  const native = nativeAsset(row.caip2);
  return {
    signature: row.signature,
    block: { number: String(row.slot), hash: row.blockHash, timestamp: row.blockTime.toISOString() },
    status: finalizedSlot !== undefined && row.slot <= finalizedSlot ? "FINALIZED" : "CONFIRMED",
    origin: sentBy ? "TURNKEY" : "EXTERNAL",
    feePayer: row.feePayer,
    signers: row.signers,
    fee: { amount: row.fee, caip19: native.caip19 },
    transfers: renderTransfers(row.transfers, native),
    ...renderSentBy(sentBy),
  };
}
