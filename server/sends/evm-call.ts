import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import type { EvmCall } from "../chains/evm/adapter";
import type { SendTransactionRow } from "../db/schema";
import { decodeSignedEvmTransaction } from "../encoding/evm-signed-transaction";

/**
 * eth_send_raw_transaction's sends arrive signed by someone else: there is nothing to fill or
 * sign, and if their nonce is taken they cannot be signed again. Their stored request is the
 * intent ({signedTransaction, caip2}); eth_send_transaction's holds `calls`.
 */
export const isRawSend = (send: SendTransactionRow): boolean =>
  typeof (send.request as { signedTransaction?: unknown }).signedTransaction === "string";

/** The call a send makes, to replay it when it reverted (its reason is read from the replay). */
export function sentCall(send: SendTransactionRow): EvmCall & { from: string } {
  if (isRawSend(send)) {
    const { transaction, from } = decodeSignedEvmTransaction(send.signedTransaction!);
    return {
      from,
      ...(transaction.to ? { to: transaction.to } : {}),
      value: BigInt(transaction.value ?? 0n),
      data: transaction.data ?? "0x",
    };
  }
  const [call] = (send.request as TEthSendTransactionParams).calls;
  return { from: send.fromAddress, to: call!.to, value: BigInt(call!.value ?? "0"), data: call!.data };
}
