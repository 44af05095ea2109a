import { keccak256 } from "viem";
import { isChainUnavailable } from "../chains/chains";
import { type EvmAdapter, evmAdapter } from "../chains/evm/adapter";
import { isRpcError, isRpcUnavailable, type JsonRpcClient } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { JobRow, SendTransactionRow } from "../db/schema";
import type { JobOutcome } from "../jobs/worker";
import { resolveSigner } from "../sign-with/resolve-signer";
import { isRawSend } from "./evm-call";
import { ALREADY_KNOWN, failSend, followEvmSend, NONCE_TAKEN } from "./evm-follow";
import { isSendRefused, type PreparedEvmSend, prepareEvmSend } from "./evm-prepare";
import { findSend, updateSend } from "./records";

/**
 * Once a transaction is signed it may be on the chain whatever the node last said, so an unreachable
 * node is waited out (looked at again every few seconds, `txError: "retrying: …"`) rather than
 * counted against the job's attempts and given up on: a FAILED send must mean it cannot land.
 */
const UNREACHABLE_RETRY_MS = 5_000;

/**
 * The job behind eth_send_transaction, eth_send_raw_transaction and eth_undelegate_7702, one step
 * per run: PENDING → prepare (evm-prepare.ts: one call, the account's EIP-7702 batch, the gas
 * station's sponsored transaction or an undelegation) and sign — the signed bytes are stored before
 * they are sent, so a retry re-sends the same transaction and never a second one — and broadcast →
 * BROADCASTED → look for the receipt → COMPLETED, or FAILED with the chain's reason (evm-follow.ts).
 */
export async function runEvmSend(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { sendId } = job.payload as { sendId: string };
  const send = await findSend(app.db, sendId);
  if (!send || send.status === "COMPLETED" || send.status === "FAILED") return { done: true };
  try {
    const client = await app.chains.rpc(send.caip2);
    const chain = evmAdapter(client);
    const outcome =
      send.status === "PENDING"
        ? await broadcast(app, send, chain, client)
        : await followEvmSend(app, send, chain);
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

async function broadcast(
  app: AppContext,
  send: SendTransactionRow,
  chain: EvmAdapter,
  client: JsonRpcClient,
): Promise<JobOutcome> {
  let signed = send.signedTransaction;
  if (!signed) {
    let prepared: PreparedEvmSend;
    try {
      prepared = await prepareEvmSend(app, send, chain, client);
    } catch (error) {
      if (isSendRefused(error)) return failSend(app, send, error.failure);
      throw error;
    }
    signed = await app.db.transaction(async (tx) => {
      const { organizationId, address } = prepared.signer;
      const signer = await resolveSigner(app, tx, organizationId, address);
      return `0x${await signer.key.signTransaction("TRANSACTION_TYPE_ETHEREUM", prepared.unsigned)}`;
    });
    await updateSend(app.db, send.id, app.clock.now(), {
      signedTransaction: signed,
      txHash: keccak256(signed as `0x${string}`),
      sponsorOrganizationId: prepared.sponsorOrganizationId ?? null,
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
        if (mayResign(send)) {
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

/**
 * Whether a send whose nonce was taken may be signed again with a fresh one: not a raw send (someone
 * else signed it), not a nonce the caller chose — except a sponsored send's, whose transaction nonce
 * is the gas station's, always Latchkey's to choose (the caller's `nonce` is the account's).
 */
function mayResign(send: SendTransactionRow): boolean {
  if (isRawSend(send)) return false;
  return (send.request as { nonce?: string }).nonce === undefined || send.sponsorOrganizationId !== null;
}

async function broadcasted(app: AppContext, send: SendTransactionRow): Promise<JobOutcome> {
  const now = app.clock.now();
  await updateSend(app.db, send.id, now, { status: "BROADCASTED", broadcastAt: now });
  // Look for the receipt at once: an automining devnet has it already.
  return { again: now };
}
