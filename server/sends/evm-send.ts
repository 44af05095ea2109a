import { keccak256 } from "viem";
import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { evmAdapter } from "../chains/evm/adapter";
import { isRpcError } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { JobRow, SendTransactionRow } from "../db/schema";
import type { JobOutcome } from "../jobs/worker";
import { resolveSigner } from "../sign-with/resolve-signer";
import { isRawSend, sentCall } from "./evm-call";
import { fillEvmTransaction } from "./evm-transaction";
import { findSend, type SendFailure, updateSend } from "./records";
import { revertFailure } from "./revert-reason";

/** How often a broadcast transaction is looked for in the chain's blocks. */
const POLL_MS = 1_000;

const NONCE_TAKEN = /nonce too low|already been used|replacement transaction underpriced/i;
const ALREADY_KNOWN = /already known|already imported|known transaction/i;

/**
 * The job behind eth_send_transaction, one step per run: PENDING → fill, sign (the signed bytes are
 * stored before they are sent, so a retry re-sends the same transaction and never a second one) and
 * broadcast → BROADCASTED → look for the receipt → COMPLETED, or FAILED with the chain's reason.
 */
export async function runEvmSend(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { sendId } = job.payload as { sendId: string };
  const send = await findSend(app.db, sendId);
  if (!send || send.status === "COMPLETED" || send.status === "FAILED") return { done: true };
  const chain = evmAdapter(await app.chains.rpc(send.caip2));
  if (send.status === "PENDING") return broadcast(app, send, chain);
  return follow(app, send, chain);
}

async function fail(app: AppContext, send: SendTransactionRow, error: SendFailure): Promise<JobOutcome> {
  await updateSend(app.db, send.id, app.clock.now(), { status: "FAILED", error });
  app.logger.info({ sendId: send.id, caip2: send.caip2, reason: error.message }, "send failed");
  return { done: true };
}

async function broadcast(
  app: AppContext,
  send: SendTransactionRow,
  chain: ReturnType<typeof evmAdapter>,
): Promise<JobOutcome> {
  const request = send.request as TEthSendTransactionParams;
  let signed = send.signedTransaction;
  if (!signed) {
    let unsigned: string;
    try {
      unsigned = await fillEvmTransaction(chain, chainInfo(send.caip2)!.chainId!, send.fromAddress, request);
    } catch (error) {
      // The node refused to estimate: the call would revert (or the sender cannot pay). Say why.
      if (isRpcError(error))
        return fail(app, send, revertFailure(request.calls[0]!.to, error.message, error.data));
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
  try {
    await chain.sendRawTransaction(signed);
  } catch (error) {
    if (!isRpcError(error)) throw error; // unreachable node: retried with backoff
    // "Nonce too low" for these very bytes means they were sent before (a retry after a crash, or
    // the same signed transaction submitted twice) and already landed: follow them, never re-sign.
    const sentBefore =
      NONCE_TAKEN.test(error.message) && (await chain.knows(keccak256(signed as `0x${string}`)));
    if (!ALREADY_KNOWN.test(error.message) && !sentBefore) {
      if (NONCE_TAKEN.test(error.message) && request.nonce === undefined && !isRawSend(send)) {
        // Another transaction took the nonce between filling and sending: fill and sign afresh.
        await updateSend(app.db, send.id, app.clock.now(), { signedTransaction: null, txHash: null });
        throw new Error(`nonce taken, signing again: ${error.message}`);
      }
      return fail(app, send, { message: error.message });
    }
  }
  await updateSend(app.db, send.id, app.clock.now(), { status: "BROADCASTED" });
  return { again: new Date(app.clock.now().getTime() + 200) };
}

async function follow(
  app: AppContext,
  send: SendTransactionRow,
  chain: ReturnType<typeof evmAdapter>,
): Promise<JobOutcome> {
  const hash = send.txHash!;
  const receipt = await chain.receipt(hash);
  const later = { again: new Date(app.clock.now().getTime() + POLL_MS) };
  if (!receipt) {
    if (await chain.knows(hash)) return later;
    // The node lost it (a devnet restored from its last state dump, a mempool eviction): send the
    // same signed bytes again. If its nonce has been used by another transaction meanwhile, it can
    // never land: it was dropped.
    try {
      await chain.sendRawTransaction(send.signedTransaction!);
      return later;
    } catch (error) {
      if (isRpcError(error) && NONCE_TAKEN.test(error.message)) {
        return fail(app, send, {
          message: `dropped: its nonce was used by another transaction (${error.message})`,
        });
      }
      throw error;
    }
  }
  if (receipt.success) {
    await updateSend(app.db, send.id, app.clock.now(), {
      status: "COMPLETED",
      blockNumber: receipt.blockNumber.toString(),
    });
    return { done: true };
  }
  await updateSend(app.db, send.id, app.clock.now(), { blockNumber: receipt.blockNumber.toString() });
  return fail(app, send, await revertReason(send, chain, receipt.blockNumber));
}

/** Replay the reverted call on the state before its block to read the contract's reason. */
async function revertReason(
  send: SendTransactionRow,
  chain: ReturnType<typeof evmAdapter>,
  block: bigint,
): Promise<SendFailure> {
  const call = sentCall(send);
  try {
    await chain.call(call, block - 1n);
  } catch (error) {
    if (isRpcError(error)) return revertFailure(call.to, error.message, error.data);
  }
  return revertFailure(call.to, "execution reverted (the contract gave no reason)", undefined);
}
