import type { TSendTransactionStatus } from "@/lib/api/broadcast";
import type { SendTransactionRow } from "../db/schema";
import type { SendFailure, SendStatus } from "./records";

/**
 * A send as get_send_transaction_status answers: the hash once signed, the chain's reason if it
 * failed, and while it is not final the error being retried, if any (`txError: "retrying: …"`).
 */
export function renderSendStatus(row: SendTransactionRow): TSendTransactionStatus {
  const failure = row.error as SendFailure | null;
  const evm = row.caip2.startsWith("eip155:");
  return {
    txStatus: row.status as SendStatus,
    ...(evm
      ? { eth: row.txHash ? { txHash: row.txHash } : {} }
      : { solana: row.txHash ? { signature: row.txHash } : {} }),
    ...(failure
      ? {
          txError: failure.message,
          error: {
            message: failure.message,
            ...(failure.revertChain ? { eth: { revertChain: failure.revertChain } } : {}),
          },
        }
      : row.lastError
        ? { txError: `retrying: ${row.lastError}` }
        : {}),
  };
}
