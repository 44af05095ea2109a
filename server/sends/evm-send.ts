import { keccak256 } from "viem";
import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { isChainUnavailable } from "../chains/chains";
import { type EvmAdapter, evmAdapter } from "../chains/evm/adapter";
import { isRpcError, isRpcUnavailable } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { JobRow, SendTransactionRow } from "../db/schema";
import type { JobOutcome } from "../jobs/worker";
import { resolveSigner } from "../sign-with/resolve-signer";
import { ALREADY_KNOWN, failSend, followEvmSend, NONCE_TAKEN, reverted } from "./evm-follow";
import { fillEvmTransaction } from "./evm-transaction";
import { findSend, updateSend } from "./records";

/**
 * Once a transaction is signed it may be on the chain whatever the node last said, so an unreachable
 * node is waited out (looked at again every few seconds, `txError: "retrying: …"`) rather than
 * counted against the job's attempts and given up on: a FAILED send must mean it cannot land.
 */
const UNREACHABLE_RETRY_MS = 5_000;

/**
 * The job behind eth_send_transaction, one step per run: PENDING → fill, sign (the signed bytes are
 * stored before they are sent, so a retry re-sends the same transaction and never a second one) and
 * broadcast → BROADCASTED → look for the receipt → COMPLETED, or FAILED with the chain's reason.
 */
export async function runEvmSend(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { sendId } = job.payload as { sendId: string };
  const send = await findSend(app.db, sendId);
  if (!send || send.status === "COMPLETED" || send.status === "FAILED") return { done: true };
  try {
    const chain = evmAdapter(await app.chains.rpc(send.caip2));
    const outcome =
      send.status === "PENDING" ? await broadcast(app, send, chain) : await followEvmSend(app, send, chain);
    if (send.lastError) await updateSend(app.db, send.id, app.clock.now(), { lastError: null });
    return outcome;
  } catch (error) {
    if (!isRpcUnavailable(error) && !isChainUnavailable(error)) throw error;
    // The node could not be asked. Say so on the status while retrying.
    await updateSend(app.db, send.id, app.clock.now(), { lastError: error.message });
    const current = await findSend(app.db, sendId);
    if (current?.signedTransaction)
      return { again: new Date(app.clock.now().getTime() + UNREACHABLE_RETRY_MS) };
    throw error; // nothing signed yet: retried with backoff, FAILED when the attempts run out
  }
}

async function broadcast(app: AppContext, send: SendTransactionRow, chain: EvmAdapter): Promise<JobOutcome> {
  const request = send.request as TEthSendTransactionParams;
  let signed = send.signedTransaction;
  if (!signed) {
    let unsigned: string;
    try {
      unsigned = await fillEvmTransaction(chain, chainInfo(send.caip2)!.chainId!, send.fromAddress, request);
    } catch (error) {
      // The node refused to estimate: the call would revert (or the sender cannot pay). Say why.
      if (isRpcError(error)) return failSend(app, send, reverted(request.calls[0]!.to, error.message));
      throw error;
    }
    signed = await app.db.transaction(async (tx) => {
      const signer = await resolveSigner(app, tx, send.organizationId, send.fromAddress);
      return `0x${await signer.key.signTransaction("TRANSACTION_TYPE_ETHEREUM", unsigned)}`;
    });
    await updateSend(app.db, send.id, app.clock.now(), {
      signedTransaction: signed,
      txHash: keccak256(signed as `0x${string}`),
    });
  }
  const hash = keccak256(signed as `0x${string}`);
  try {
    await chain.sendRawTransaction(signed);
  } catch (error) {
    if (!isRpcError(error)) throw error; // unreachable node: see runEvmSend
    if (!ALREADY_KNOWN.test(error.message)) {
      if (NONCE_TAKEN.test(error.message)) {
        // Ours, sent before a crash kept us from recording it? Then it is broadcast, not lost.
        if ((await chain.receipt(hash)) || (await chain.knows(hash))) return broadcasted(app, send);
        if (request.nonce === undefined) {
          // Another transaction took the nonce between filling and sending: fill and sign afresh.
          await updateSend(app.db, send.id, app.clock.now(), { signedTransaction: null, txHash: null });
          throw new Error(`nonce taken, signing again: ${error.message}`);
        }
      }
      return failSend(app, send, { message: error.message });
    }
  }
  return broadcasted(app, send);
}

async function broadcasted(app: AppContext, send: SendTransactionRow): Promise<JobOutcome> {
  const now = app.clock.now();
  await updateSend(app.db, send.id, now, { status: "BROADCASTED", broadcastAt: now });
  // Look for the receipt at once: an automining devnet has it already.
  return { again: now };
}
