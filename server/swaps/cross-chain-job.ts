import { eq } from "drizzle-orm";
import { zeroAddress } from "viem";
import type { AppContext } from "../context";
import {
  type CrossChainLeg,
  type JobRow,
  type SwapCrossChainFillRow,
  type SwapQuoteRow,
  swapQuotes,
} from "../db/schema";
import { ApiError } from "../errors";
import type { JobHandler, JobOutcome } from "../jobs/worker";
import { pollDelayMs } from "../sends/evm-follow";
import { findSend } from "../sends/records";
import { swapAsset } from "./assets";
import { CROSS_CHAIN_JOB, findFill, updateFill } from "./cross-chain-fills";
import { stepLeg } from "./cross-chain-legs";
import { crossChainPrice, providerHolds } from "./cross-chain-provider";
import { NATIVE } from "./local-pools";

/** How soon a deposit not yet in a block is looked for again. */
const DEPOSIT_POLL_MS = 250;
/** Native coin a native payout leaves in the provider's account for its own gas. */
const NATIVE_GAS_RESERVE = 10n ** 16n;

const FINAL = new Set(["COMPLETED", "REFUNDED", "FAILED"]);

/**
 * The job behind a cross-chain swap, one step per run (leased, so a dead worker's job is taken up
 * again; every step is decided from the stored fill, so running one twice changes nothing):
 * AWAITING_DEPOSIT until the user's deposit send is final → decide at the destination's current
 * price and inventory → FILLING (the payout, then the client fee) → COMPLETED; or, when it cannot
 * fill, REFUNDING (the whole input back on the origin chain) → REFUNDED.
 */
export async function runCrossChainFill(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { fillId } = job.payload as { fillId: string };
  const fill = await findFill(app.db, fillId);
  if (!fill || FINAL.has(fill.status)) return { done: true };
  const [quote] = await app.db.select().from(swapQuotes).where(eq(swapQuotes.id, fill.quoteId));
  if (!quote) throw new Error(`fill ${fill.id} names no quote ${fill.quoteId}`);
  return fill.status === "AWAITING_DEPOSIT" ? awaitDeposit(app, fill, quote) : workLegs(app, fill, quote);
}

const refundLeg = (quote: SwapQuoteRow): CrossChainLeg => {
  const input = swapAsset(quote.inputToken, "inputToken");
  return {
    purpose: "REFUND",
    caip2: input.caip2,
    token: input.address,
    to: quote.signer,
    amount: quote.inputAmount,
  };
};

async function awaitDeposit(
  app: AppContext,
  fill: SwapCrossChainFillRow,
  quote: SwapQuoteRow,
): Promise<JobOutcome> {
  const now = app.clock.now();
  const send = await findSend(app.db, fill.sendId);
  if (send?.status === "FAILED") {
    // Nothing reached the provider: get_swap_status reports the deposit's own failure.
    await updateFill(app.db, fill.id, now, { status: "FAILED", reason: "the deposit transaction failed" });
    return { done: true };
  }
  if (send?.status !== "COMPLETED") return { again: new Date(now.getTime() + DEPOSIT_POLL_MS) };
  await updateFill(app.db, fill.id, now, await decide(app, quote));
  return { again: now };
}

/**
 * Fill or refund, decided once the deposit is in a block: the output at the destination's price now
 * (a cross-asset fill moves with the destination pools' price; bridging the same asset does not),
 * refunded when it falls below the quote's minOutputAmount or the provider's inventory there
 * cannot pay it.
 */
async function decide(app: AppContext, quote: SwapQuoteRow) {
  const input = swapAsset(quote.inputToken, "inputToken");
  const output = swapAsset(quote.outputToken, "outputToken");
  const refund = (reason: string) => ({ status: "REFUNDING" as const, reason, legs: [refundLeg(quote)] });
  const destination = await app.chains.rpc(output.caip2);
  let price: Awaited<ReturnType<typeof crossChainPrice>>;
  try {
    price = await crossChainPrice(destination, input, output, BigInt(quote.inputAmount), quote.clientFeeBps);
  } catch (error) {
    if (error instanceof ApiError) return refund(error.message);
    throw error;
  }
  if (price.output < BigInt(quote.minOutputAmount)) {
    return refund(
      `the price moved: ${price.output} of ${output.caip19} is below the quote's minOutputAmount ${quote.minOutputAmount}`,
    );
  }
  const held = await providerHolds(destination, output.address);
  const needed = price.gross + (output.address === NATIVE ? NATIVE_GAS_RESERVE : 0n);
  if (held < needed) {
    return refund(
      `insufficient liquidity: the provider holds ${held} of ${output.caip19}, less than the ${needed} this fill needs`,
    );
  }
  const leg = (purpose: "PAYOUT" | "FEE", to: string, amount: bigint): CrossChainLeg => ({
    purpose,
    caip2: output.caip2,
    token: output.address,
    to,
    amount: amount.toString(),
  });
  const legs = [leg("PAYOUT", quote.signer, price.output)];
  if (price.clientFee > 0n && quote.feeReceiver !== zeroAddress)
    legs.push(leg("FEE", quote.feeReceiver, price.clientFee));
  return { status: "FILLING" as const, legs, outputAmount: price.output.toString() };
}

async function workLegs(
  app: AppContext,
  fill: SwapCrossChainFillRow,
  quote: SwapQuoteRow,
): Promise<JobOutcome> {
  const legs = fill.legs.map((l) => ({ ...l }));
  const leg = legs.find((l) => !l.done);
  const now = app.clock.now();
  if (!leg) {
    await updateFill(app.db, fill.id, now, { status: fill.status === "FILLING" ? "COMPLETED" : "REFUNDED" });
    return { done: true };
  }
  const save = () => updateFill(app.db, fill.id, app.clock.now(), { legs });
  const step = await stepLeg(app, leg, save);
  if (step.kind === "sent") return { again: now };
  if (step.kind === "waiting") {
    return { again: new Date(now.getTime() + pollDelayMs(now.getTime() - fill.updatedAt.getTime())) };
  }
  if (step.kind === "landed") {
    leg.done = true;
    await save();
    return { again: now };
  }
  if (leg.purpose === "PAYOUT") {
    // Nothing reached the signer: the whole input goes back instead.
    await updateFill(app.db, fill.id, now, {
      status: "REFUNDING",
      reason: `the payout failed: ${step.reason}`,
      legs: [refundLeg(quote)],
      outputAmount: null,
    });
    return { again: now };
  }
  // A fee or a refund must still be paid: sign it afresh on a later attempt, until attempts run out.
  leg.signedTransaction = undefined;
  leg.txHash = undefined;
  await save();
  throw new Error(`the ${leg.purpose.toLowerCase()} transfer failed: ${step.reason}`);
}

/** Attempts ran out (a node unreachable for long): FAILED, naming what may still land. */
async function giveUp(app: AppContext, job: JobRow, error: string): Promise<void> {
  const fill = await findFill(app.db, (job.payload as { fillId: string }).fillId);
  if (!fill || FINAL.has(fill.status)) return;
  const inFlight = fill.legs.filter((l) => l.txHash && !l.done).map((l) => `${l.purpose} ${l.txHash}`);
  const caution = inFlight.length ? `; signed and may still land: ${inFlight.join(", ")}` : "";
  await updateFill(app.db, fill.id, app.clock.now(), {
    status: "FAILED",
    reason: `the provider gave up after ${job.attempts} attempts: ${error}${caution}`,
  });
}

export const CROSS_CHAIN_JOB_HANDLERS: Record<string, JobHandler & { onGiveUp?: typeof giveUp }> = {
  [CROSS_CHAIN_JOB]: Object.assign(runCrossChainFill, { onGiveUp: giveUp }),
};
