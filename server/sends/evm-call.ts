import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import type { EvmCall, RpcAuthorization } from "../chains/evm/adapter";
import type { SendTransactionRow } from "../db/schema";
import { decodeSignedEvmTransaction } from "../encoding/evm-signed-transaction";

/**
 * eth_send_raw_transaction's sends arrive signed by someone else: there is nothing to fill or
 * sign, and if their nonce is taken they cannot be signed again. Their stored request is the
 * intent ({signedTransaction, caip2}); eth_send_transaction's holds `calls`.
 */
export const isRawSend = (send: SendTransactionRow): boolean =>
  typeof (send.request as { signedTransaction?: unknown }).signedTransaction === "string";

/** One unsponsored call: the transaction is that call, sent from the account. */
export const isPlainCall = (send: SendTransactionRow): boolean => {
  const request = send.request as Partial<TEthSendTransactionParams>;
  return send.kind === "CALLS" && !request.sponsor && request.calls?.length === 1;
};

/**
 * The call a send made, to replay it when it reverted (its reason is read from the replay). A raw
 * send's, a batch's, a sponsored send's or an undelegation's is read from the signed bytes — the
 * delegate called on the account (the revert's address), with its EIP-7702 authorization when it
 * carried one; a plain call's is the request's call, its address as the caller wrote it.
 */
export function sentCall(send: SendTransactionRow): EvmCall & { from: string } {
  if (isRawSend(send) || (!isPlainCall(send) && send.signedTransaction)) {
    const { transaction, from } = decodeSignedEvmTransaction(send.signedTransaction!);
    const authorizationList =
      "authorizationList" in transaction && transaction.authorizationList
        ? (transaction.authorizationList as unknown as RpcAuthorization[])
        : undefined;
    const to = isRawSend(send) ? transaction.to : send.fromAddress; // ours always call the account
    return {
      from,
      ...(to ? { to } : {}),
      value: BigInt(transaction.value ?? 0n),
      data: transaction.data ?? "0x",
      ...(authorizationList ? { authorizationList } : {}),
    };
  }
  const [call] = (send.request as TEthSendTransactionParams).calls;
  return { from: send.fromAddress, to: call!.to, value: BigInt(call!.value ?? "0"), data: call!.data };
}
