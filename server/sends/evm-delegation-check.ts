import type { EvmAdapter } from "../chains/evm/adapter";
import { GAS_STATION_DELEGATE_ADDRESS, isDelegatedToGasStation } from "../chains/evm/gas-station-delegate";
import type { SendTransactionRow } from "../db/schema";
import { decodeSignedEvmTransaction } from "../encoding/evm-signed-transaction";
import { isPlainCall, isRawSend } from "./evm-call";
import type { SendFailure } from "./records";

/**
 * A batch or sponsored send calls the delegate's code on the account. If the account is not
 * delegated when it runs — its EIP-7702 authorization was skipped, as the chain does silently when
 * the authorization's nonce is not the account's (a `nonce` given wrong, another transaction of the
 * account landing first) — the call reaches a plain account and "succeeds" having run nothing.
 * Such a send must not read COMPLETED: this names what happened, or says nothing when all is well.
 */
export async function skippedBatch(
  send: SendTransactionRow,
  chain: EvmAdapter,
  block: bigint,
): Promise<SendFailure | undefined> {
  // Only batches and sponsored sends go through the delegate (not raw sends, plain calls, undelegations).
  if (isRawSend(send) || send.kind !== "CALLS" || isPlainCall(send) || !send.signedTransaction)
    return undefined;
  const { transaction } = decodeSignedEvmTransaction(send.signedTransaction);
  if (isDelegatedToGasStation(await chain.code(send.fromAddress, block))) return undefined;
  const authorization = "authorizationList" in transaction ? transaction.authorizationList?.[0] : undefined;
  return {
    message:
      `nothing ran: ${send.fromAddress} was not delegated to GasStationDelegate (${GAS_STATION_DELEGATE_ADDRESS}) ` +
      `when the transaction executed` +
      (authorization
        ? `; its EIP-7702 authorization (nonce ${authorization.nonce}) was not applied, since the account's nonce was another by then`
        : ""),
  };
}
