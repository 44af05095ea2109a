import type { TSolSendRequest } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { isChainUnavailable } from "../chains/chains";
import { isRpcError, isRpcUnavailable, type RpcError } from "../chains/json-rpc";
import { type SvmAdapter, svmAdapter } from "../chains/svm/adapter";
import type { AppContext } from "../context";
import type { JobRow, SendTransactionRow } from "../db/schema";
import { ApiError } from "../errors";
import { feeInUsdMicros } from "../gas-station/prices";
import { assertSponsorBudget, recordSponsoredSpend, requireSponsor } from "../gas-station/sponsor";
import type { JobOutcome } from "../jobs/worker";
import { resolveSigner } from "../sign-with/resolve-signer";
import { findSend, type SendFailure, updateSend } from "./records";
import { firstSignature, messageBlockhash, requiredSignersOf, withRecentBlockhash } from "./svm-transaction";

/** Solana's base fee per signature, what a sponsored send is estimated at before signing. */
const LAMPORTS_PER_SIGNATURE = 5000n;

/** How often a broadcast transaction's status is asked for. */
const POLL_MS = 500;
const ALREADY_PROCESSED = /already been processed|AlreadyProcessed/;
/** How often an unreachable node is tried again once the transaction is signed. */
const UNREACHABLE_RETRY_MS = 5_000;

/**
 * The job behind sol_send_transaction, one step per run: PENDING → set the blockhash (spec.md rules
 * 2–3), sign every signWith's slot inside a short database transaction, store the signed bytes, then
 * broadcast with preflight (outside any transaction) → BROADCASTED → getSignatureStatuses →
 * COMPLETED, or FAILED with the chain's error. A stale blockhash fails at preflight; a transaction
 * that never lands fails once its blockhash has expired.
 */
export async function runSvmSend(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { sendId } = job.payload as { sendId: string };
  const send = await findSend(app.db, sendId);
  if (!send || send.status === "COMPLETED" || send.status === "FAILED") return { done: true };
  try {
    const chain = svmAdapter(await app.chains.rpc(send.caip2));
    const outcome =
      send.status === "PENDING" ? await broadcast(app, send, chain) : await follow(app, send, chain);
    if (send.lastError) await updateSend(app.db, send.id, app.clock.now(), { lastError: null });
    return outcome;
  } catch (error) {
    if (!isRpcUnavailable(error) && !isChainUnavailable(error)) throw error;
    // As for EVM sends (evm-send.ts): say on the status what is retried; once signed, the bytes may
    // land, so the node is waited out rather than given up on — when it answers again, `follow`
    // finds the transaction or sees its blockhash expired and fails it as dropped.
    await updateSend(app.db, send.id, app.clock.now(), { lastError: error.message });
    const current = await findSend(app.db, sendId);
    if (current?.signedTransaction)
      return { again: new Date(app.clock.now().getTime() + UNREACHABLE_RETRY_MS) };
    throw error; // nothing signed yet: retried with backoff, FAILED when the attempts run out
  }
}

async function fail(app: AppContext, send: SendTransactionRow, error: SendFailure): Promise<JobOutcome> {
  await updateSend(app.db, send.id, app.clock.now(), { status: "FAILED", error });
  app.logger.info({ sendId: send.id, caip2: send.caip2, reason: error.message }, "send failed");
  return { done: true };
}

/** What a fee payer that cannot pay is refused with: no account at all, or too few lamports. */
const FEE_PAYER_CANNOT_PAY = new Set(["AccountNotFound", "InsufficientFundsForFee"]);

/**
 * The node's refusal, in its words, with Solana's details as the reference shapes them. When a
 * sponsored send's fee payer cannot pay, the chain's words ("no record of a prior credit") do not
 * say who must act, so the message names the gas station first.
 */
function refused(error: RpcError, gasStation: string | undefined): SendFailure {
  const data = (error.data ?? {}) as { err?: unknown; logs?: string[]; unitsConsumed?: number | string };
  const stationBroke = gasStation !== undefined && FEE_PAYER_CANNOT_PAY.has(data.err as string);
  return {
    message: stationBroke
      ? `the gas station ${gasStation} cannot pay the fee; fund it (${error.message})`
      : error.message,
    solana: {
      source: error.code === -32002 ? "preflight" : "rpc",
      rpcCode: error.code,
      rpcMessage: error.message,
      ...(data.err !== undefined ? { transactionErrorJson: JSON.stringify(data.err) } : {}),
      ...(Array.isArray(data.logs) ? { logs: data.logs } : {}),
      ...(data.unitsConsumed !== undefined ? { unitsConsumed: String(data.unitsConsumed) } : {}),
    },
  };
}

/** The blockhash rules: given → as is; omitted and sponsored → fresh from the chain; else the message's own. */
async function unsignedToSign(request: TSolSendRequest, chain: SvmAdapter): Promise<string> {
  if (request.recentBlockhash)
    return withRecentBlockhash(request.unsignedTransaction, request.recentBlockhash);
  if (request.sponsor) {
    return withRecentBlockhash(request.unsignedTransaction, (await chain.latestBlockhash()).blockhash);
  }
  return request.unsignedTransaction;
}

async function broadcast(app: AppContext, send: SendTransactionRow, chain: SvmAdapter): Promise<JobOutcome> {
  const request = send.request as TSolSendRequest;
  let signed = send.signedTransaction;
  if (!signed) {
    const unsigned = await unsignedToSign(request, chain);
    const over = await overBudget(app, send, request);
    if (over) return fail(app, send, { message: over });
    signed = await app.db.transaction(async (tx) => {
      let partial = unsigned;
      const { sponsorship } = request;
      if (sponsorship) {
        const station = await resolveSigner(
          app,
          tx,
          sponsorship.sponsorOrganizationId,
          sponsorship.gasStation,
        );
        partial = await station.key.signTransaction("TRANSACTION_TYPE_SOLANA", partial);
      }
      for (const signWith of request.signWiths) {
        const signer = await resolveSigner(app, tx, send.organizationId, signWith);
        partial = await signer.key.signTransaction("TRANSACTION_TYPE_SOLANA", partial);
      }
      return partial;
    });
    await updateSend(app.db, send.id, app.clock.now(), {
      signedTransaction: signed,
      txHash: firstSignature(signed),
    });
  }
  try {
    await chain.sendTransaction(Buffer.from(signed, "hex").toString("base64"));
  } catch (error) {
    if (!isRpcError(error)) throw error; // unreachable node: waited out by runSvmSend
    if (!ALREADY_PROCESSED.test(error.message)) {
      return fail(app, send, refused(error, request.sponsorship?.gasStation));
    }
  }
  await updateSend(app.db, send.id, app.clock.now(), { status: "BROADCASTED" });
  return { again: new Date(app.clock.now().getTime() + 200) };
}

async function follow(app: AppContext, send: SendTransactionRow, chain: SvmAdapter): Promise<JobOutcome> {
  const signature = send.txHash!;
  const status = await chain.signatureStatus(signature);
  const later = { again: new Date(app.clock.now().getTime() + POLL_MS) };
  if (!status) {
    const blockhash = messageBlockhash(send.signedTransaction!);
    if (await chain.isBlockhashValid(blockhash)) {
      // Not seen yet (or the node forgot it): the same bytes again, which can land only once.
      await chain
        .sendTransaction(Buffer.from(send.signedTransaction!, "hex").toString("base64"))
        .catch(() => {});
      return later;
    }
    return fail(app, send, {
      message: `dropped: the transaction did not land before its blockhash ${blockhash} expired`,
    });
  }
  if (status.confirmationStatus === "processed") return later;
  // Landed, succeeded or not: the fee was paid, by the gas station when sponsored.
  await recordSpend(app, send, chain);
  if (status.err === null) {
    await updateSend(app.db, send.id, app.clock.now(), {
      status: "COMPLETED",
      blockNumber: String(status.slot),
    });
    return { done: true };
  }
  await updateSend(app.db, send.id, app.clock.now(), { blockNumber: String(status.slot) });
  const errorJson = JSON.stringify(status.err);
  return fail(app, send, {
    message: `the transaction failed on chain: ${errorJson}`,
    solana: { source: "execution", transactionErrorJson: errorJson },
  });
}

/** A sponsored send is checked against the sponsor's USD limit again before signing, with its fee. */
async function overBudget(app: AppContext, send: SendTransactionRow, request: TSolSendRequest) {
  if (!request.sponsorship) return undefined;
  const fee = LAMPORTS_PER_SIGNATURE * BigInt(requiredSignersOf(request.unsignedTransaction).signers.length);
  try {
    const sponsor = await requireSponsor(app.db, send.organizationId, "svm");
    const estimate = feeInUsdMicros(app.config.usdPrices, chainInfo(send.caip2)!, fee);
    await assertSponsorBudget(app.db, app.clock.now(), sponsor, send.organizationId, estimate);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
}

async function recordSpend(app: AppContext, send: SendTransactionRow, chain: SvmAdapter): Promise<void> {
  const request = send.request as TSolSendRequest;
  if (!request.sponsorship) return;
  const fee = await chain.transactionFee(send.txHash!);
  await recordSponsoredSpend(app.db, app.clock.now(), {
    sponsorOrganizationId: request.sponsorship.sponsorOrganizationId,
    organizationId: send.organizationId,
    sendId: send.id,
    caip2: send.caip2,
    feeBaseUnits: fee,
    usdMicros: feeInUsdMicros(app.config.usdPrices, chainInfo(send.caip2)!, fee),
  });
}
