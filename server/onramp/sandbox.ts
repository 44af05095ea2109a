import { and, eq } from "drizzle-orm";
import { chainInfo } from "@/lib/api/chains";
import { MAX_FIAT_AMOUNT, MIN_FIAT_AMOUNT, type TOnRampProvider } from "@/lib/api/onramp";
import { faucet } from "../chains/faucet";
import { faucetLock } from "../chains/faucet-lock";
import type { AppContext } from "../context";
import { type JobRow, type OnRampTransactionRow, onRampTransactions } from "../db/schema";
import { ApiError, invalid, notFound } from "../errors";
import { enqueue } from "../jobs/queue";
import type { JobOutcome } from "../jobs/worker";
import { SANDBOX_STATES, SANDBOX_UNPAID } from "./adapters";
import { localAsset } from "./assets";
import { checkoutTokenHash } from "./init";
import { ONRAMP_SANDBOX_JOB } from "./job-kinds";
import { isFinal, recordStatus } from "./transactions";

/**
 * Latchkey's sandbox on-ramp: a checkout page where a person "pays", then the provider's states
 * one after another, each step a job in the queue (so a restart resumes it), and finally the crypto
 * sent to the wallet on the local devnet through the faucet, as a real provider would send it.
 */

/** The sandbox purchase behind a checkout token, or undefined for a token nobody was given. */
export async function findCheckout(
  app: AppContext,
  token: string,
): Promise<OnRampTransactionRow | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await app.db
    .select()
    .from(onRampTransactions)
    .where(
      and(
        eq(onRampTransactions.checkoutTokenHash, checkoutTokenHash(token)),
        eq(onRampTransactions.mode, "SANDBOX"),
      ),
    );
  return row;
}

const MICROS = 1_000_000n;
function usdMicros(amount: string): bigint {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole!) * MICROS + BigInt(fraction.padEnd(6, "0"));
}

/** What `fiatAmount` USD buys of the purchase's asset, in base units, at LATCHKEY_USD_PRICES. */
export function sandboxCryptoAmount(app: AppContext, row: OnRampTransactionRow, fiatAmount: string): bigint {
  const asset = localAsset(row.caip2!, row.cryptoCurrency as never);
  const price = app.config.usdPrices[asset.symbol];
  if (price === undefined || price === 0n) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "ONRAMP_NO_PRICE",
      `the sandbox has no USD price for ${asset.symbol}: add it to LATCHKEY_USD_PRICES`,
    );
  }
  return (usdMicros(fiatAmount) * 10n ** BigInt(asset.decimals)) / price;
}

/** The person pays `fiatAmount` on the checkout page: the purchase starts moving. Paying twice is a no-op. */
export async function payCheckout(
  app: AppContext,
  token: string,
  fiatAmount: string,
): Promise<OnRampTransactionRow> {
  const found = await findCheckout(app, token);
  if (!found) throw notFound("checkout", "this link");
  if (
    !/^\d{1,9}(\.\d{1,2})?$/.test(fiatAmount) ||
    Number(fiatAmount) < MIN_FIAT_AMOUNT ||
    Number(fiatAmount) > MAX_FIAT_AMOUNT
  ) {
    throw invalid(
      `the amount must be between ${MIN_FIAT_AMOUNT} and ${MAX_FIAT_AMOUNT} USD, with at most two decimals`,
      "amount",
    );
  }
  const now = app.clock.now();
  const paid = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(onRampTransactions)
      .where(eq(onRampTransactions.id, found.id))
      .for("update");
    if (row!.providerStatus !== SANDBOX_UNPAID) return row!;
    const cryptoAmount = sandboxCryptoAmount(app, row!, fiatAmount);
    if (cryptoAmount <= 0n) throw invalid("the amount buys nothing at the sandbox's price", "amount");
    await tx.update(onRampTransactions).set({ fiatAmount }).where(eq(onRampTransactions.id, row!.id));
    const first = SANDBOX_STATES[row!.provider as TOnRampProvider][0]!;
    const next = await recordStatus(
      tx,
      row!,
      {
        status: "PENDING",
        providerStatus: first.providerStatus,
        cryptoAmount: cryptoAmount.toString(),
        detail: `paid ${fiatAmount} USD on the sandbox checkout`,
      },
      now,
    );
    await enqueue(
      tx,
      now,
      ONRAMP_SANDBOX_JOB,
      { transactionId: row!.id },
      {
        runAt: new Date(now.getTime() + app.config.onRamp.sandboxStepMs),
      },
    );
    return next;
  });
  app.jobWake.notify(new Date(now.getTime() + app.config.onRamp.sandboxStepMs));
  return paid;
}

/** One step of a paid sandbox purchase: the provider's next state, or the delivery on the chain. */
export async function advanceSandbox(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { transactionId } = job.payload as { transactionId: string };
  const [row] = await app.db
    .select()
    .from(onRampTransactions)
    .where(eq(onRampTransactions.id, transactionId));
  if (!row || isFinal(row.status)) return { done: true };
  const states = SANDBOX_STATES[row.provider as TOnRampProvider];
  const next = states[states.findIndex((s) => s.providerStatus === row.providerStatus) + 1];
  if (!next) return { done: true };
  const now = app.clock.now();
  if (!next.final) {
    await recordStatus(app.db, row, { status: "PENDING", providerStatus: next.providerStatus }, now);
    return { again: new Date(now.getTime() + app.config.onRamp.sandboxStepMs) };
  }
  // Delivery. A crash between the faucet and the record below delivers again on the retry: the
  // sandbox pays at least once, on a development chain only.
  const asset = localAsset(row.caip2!, row.cryptoCurrency as never);
  const client = await app.chains.rpc(row.caip2!);
  const delivered = await faucet(
    client,
    chainInfo(row.caip2!)!,
    [row.walletAddress, asset.faucetAsset, row.cryptoAmount!],
    faucetLock(app),
  );
  await recordStatus(
    app.db,
    row,
    {
      status: "COMPLETED",
      providerStatus: next.providerStatus,
      txHash: delivered.signature,
      detail: `delivered ${row.cryptoAmount} base units of ${asset.symbol} on ${row.caip2}`,
    },
    app.clock.now(),
  );
  return { done: true };
}

/** The chain never took the delivery: the purchase fails, saying why. */
advanceSandbox.onGiveUp = async (app: AppContext, job: JobRow, error: string) => {
  const { transactionId } = job.payload as { transactionId: string };
  const [row] = await app.db
    .select()
    .from(onRampTransactions)
    .where(eq(onRampTransactions.id, transactionId));
  if (!row || isFinal(row.status)) return;
  await recordStatus(
    app.db,
    row,
    { status: "FAILED", providerStatus: "failed", failureReason: `delivery failed: ${error}` },
    app.clock.now(),
  );
};
