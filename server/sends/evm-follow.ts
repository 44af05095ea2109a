import type { EvmAdapter } from "../chains/evm/adapter";
import { isRpcError } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { SendTransactionRow } from "../db/schema";
import type { JobOutcome } from "../jobs/worker";
import { sentCall } from "./evm-call";
import { skippedBatch } from "./evm-delegation-check";
import { recordEvmSponsoredSpend } from "./evm-sponsored-spend";
import { type SendFailure, updateSend } from "./records";
import { revertFailure } from "./revert-reason";

export const NONCE_TAKEN = /nonce too low|already been used|replacement transaction underpriced/i;
export const ALREADY_KNOWN = /already known|already imported|known transaction/i;

/**
 * How soon a broadcast transaction is looked for again: promptly at first (a local devnet mines at
 * once, a fast chain within a second), then backing off to half its age, up to a block time or so.
 */
const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 2_000;
export function pollDelayMs(sinceBroadcastMs: number): number {
  return Math.min(MAX_POLL_MS, Math.max(FIRST_POLL_MS, Math.round(sinceBroadcastMs / 2)));
}

export async function failSend(
  app: AppContext,
  send: SendTransactionRow,
  error: SendFailure,
): Promise<JobOutcome> {
  await updateSend(app.db, send.id, app.clock.now(), { status: "FAILED", error, lastError: null });
  app.logger.info({ sendId: send.id, caip2: send.caip2, reason: error.message }, "send failed");
  return { done: true };
}

/**
 * BROADCASTED → COMPLETED or FAILED. Also the reconciliation after any restart (of the server or of
 * the node): a transaction the chain no longer knows — a devnet restored from its last state dump,
 * a mempool eviction — is sent again as the same signed bytes (safe: it can land at most once). If
 * the chain refuses them (its nonce was used by another transaction, the sender can no longer pay),
 * it can never land: FAILED as dropped, with the chain's reason. Never left pending.
 */
export async function followEvmSend(
  app: AppContext,
  send: SendTransactionRow,
  chain: EvmAdapter,
): Promise<JobOutcome> {
  const hash = send.txHash!;
  const receipt = await chain.receipt(hash);
  const now = app.clock.now().getTime();
  const since = now - (send.broadcastAt ?? send.updatedAt).getTime();
  const later = { again: new Date(now + pollDelayMs(since)) };
  if (!receipt) {
    if (await chain.knows(hash)) return later;
    try {
      await chain.sendRawTransaction(send.signedTransaction!);
    } catch (error) {
      if (!isRpcError(error)) throw error;
      if (!ALREADY_KNOWN.test(error.message)) {
        const why = NONCE_TAKEN.test(error.message)
          ? "its nonce was used by another transaction"
          : "the chain refused it again";
        return failSend(app, send, {
          message: `dropped: the chain no longer knew this transaction and ${why} (${error.message})`,
        });
      }
    }
    app.logger.info({ sendId: send.id, caip2: send.caip2, hash }, "the chain had lost a send; sent it again");
    await updateSend(app.db, send.id, app.clock.now(), { broadcastAt: app.clock.now() });
    return { again: new Date(now + FIRST_POLL_MS) };
  }
  await recordEvmSponsoredSpend(app, send, receipt);
  const skipped = receipt.success ? await skippedBatch(send, chain, receipt.blockNumber) : undefined;
  if (skipped) {
    await updateSend(app.db, send.id, app.clock.now(), { blockNumber: receipt.blockNumber.toString() });
    return failSend(app, send, skipped);
  }
  if (receipt.success) {
    await updateSend(app.db, send.id, app.clock.now(), {
      status: "COMPLETED",
      blockNumber: receipt.blockNumber.toString(),
    });
    return { done: true };
  }
  await updateSend(app.db, send.id, app.clock.now(), { blockNumber: receipt.blockNumber.toString() });
  return failSend(app, send, await revertReason(send, chain, receipt.blockNumber));
}

/** Replay the reverted call on the state before its block to read the contract's reason. */
async function revertReason(
  send: SendTransactionRow,
  chain: EvmAdapter,
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
