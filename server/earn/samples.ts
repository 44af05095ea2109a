import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import {
  type EarnPositionSampleRow,
  type EarnSampleRow,
  type EarnWrapperRow,
  earnPositionSamples,
  earnRequests,
  earnSamples,
  earnWrappers,
  jobs,
  organizationFeatures,
} from "../db/schema";
import { formatUsd } from "../gas-station/prices";
import { newId } from "../ids";
import type { JobOutcome } from "../jobs/worker";
import { netApyFraction } from "./apy";
import { bpsAsFraction } from "./catalog";
import { FEE_WRAPPER, LOCAL_YIELD_VAULT } from "./contracts";
import { wrapperVault } from "./deployment";
import { dropPositionSamplesBefore, readPositionSamples } from "./position-samples";
import { earnPrices } from "./price-source";
import { usdValue } from "./prices";
import { readContract } from "./read-contract";
import { readVaultApyBps } from "./vault-apy";

export const EARN_SAMPLES_JOB = "earn-samples";
/** One sampling job per installation: a fixed id lets every instance ask for it without a race. */
const JOB_ID = "job-earn-samples";
const DAY_MS = 86_400_000;

/**
 * Make sure the sampling job exists (idempotent; the serving process calls it at start). It never
 * finishes: each run records one sample per enabled vault and asks to run again an interval later.
 */
export async function ensureEarnSampling(app: AppContext): Promise<void> {
  const now = app.clock.now();
  await app.db
    .insert(jobs)
    .values({
      id: JOB_ID,
      kind: EARN_SAMPLES_JOB,
      payload: {},
      state: "queued",
      runAt: now,
      maxAttempts: 1_000_000,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/** Confirmed wrappers of organizations that have Earn enabled: the vaults the dashboard charts. */
async function enabledWrappers(db: DbOrTx): Promise<EarnWrapperRow[]> {
  const rows = await db
    .select({ wrapper: earnWrappers })
    .from(earnWrappers)
    .innerJoin(earnRequests, eq(earnRequests.id, earnWrappers.deployRequestId))
    .innerJoin(
      organizationFeatures,
      and(
        eq(organizationFeatures.organizationId, earnWrappers.organizationId),
        eq(organizationFeatures.name, "FEATURE_NAME_EARN_CONFIG"),
      ),
    )
    .where(eq(earnRequests.status, "COMPLETED"));
  return rows.map((r) => r.wrapper);
}

/** One wrapper read from its chain now: the vault's rate, the vault's and the wrapper's assets. */
async function readSample(app: AppContext, w: EarnWrapperRow, now: Date): Promise<EarnSampleRow> {
  const vault = wrapperVault(app, w);
  const client = await app.chains.rpc(w.caip2);
  const [rate, vaultAssets, wrapperAssets] = await Promise.all([
    readVaultApyBps(client, vault),
    readContract<bigint>(client, vault.address, LOCAL_YIELD_VAULT.abi, "totalAssets"),
    readContract<bigint>(client, w.wrapperAddress, FEE_WRAPPER.abi, "totalAssets"),
  ]);
  const { symbol, decimals } = vault.token;
  const prices = earnPrices(app);
  const usd = async (amount: bigint) => {
    const micros = await usdValue(prices, symbol, amount, decimals).catch(() => undefined);
    return micros === undefined ? null : formatUsd(micros);
  };
  return {
    id: newId(now.getTime()),
    wrapperId: w.id,
    organizationId: w.organizationId,
    sampledAt: now,
    grossApy: bpsAsFraction(Number(rate)),
    netApy: netApyFraction(Number(rate), w.clientFeeBps + w.operatorFeeBps),
    wrapperAssets: wrapperAssets.toString(),
    vaultAssets: vaultAssets.toString(),
    wrapperUsd: await usd(wrapperAssets),
    vaultUsd: await usd(vaultAssets),
  };
}

/**
 * The job: sample every enabled vault and every position in it, then drop samples past the
 * retention. A chain that cannot be read now only leaves a gap in its own vaults' lines (logged),
 * never stops the others' samples.
 */
export async function runEarnSamples(app: AppContext): Promise<JobOutcome> {
  const now = app.clock.now();
  const { intervalSeconds, retentionDays } = app.config.earnSamples;
  const wrappers = await enabledWrappers(app.db);
  const read = await Promise.allSettled(
    wrappers.map(async (w) => ({
      vault: await readSample(app, w, now),
      // A position that cannot be read leaves its own gap, not the vault's.
      positions: await readPositionSamples(app, w, now).catch((error: unknown) => {
        app.logger.warn({ wrapper: w.wrapperAddress, error: String(error) }, "earn position samples skipped");
        return [];
      }),
    })),
  );
  const samples: EarnSampleRow[] = [];
  const positions: EarnPositionSampleRow[] = [];
  read.forEach((r, i) => {
    if (r.status === "fulfilled") {
      samples.push(r.value.vault);
      positions.push(...r.value.positions);
    } else {
      const w = wrappers[i]!;
      app.logger.warn(
        { wrapper: w.wrapperAddress, caip2: w.caip2, error: String(r.reason) },
        "earn sample skipped",
      );
    }
  });
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  await app.db.transaction(async (tx) => {
    if (samples.length) await tx.insert(earnSamples).values(samples);
    if (positions.length) await tx.insert(earnPositionSamples).values(positions);
    await tx.delete(earnSamples).where(lt(earnSamples.sampledAt, cutoff));
    await dropPositionSamplesBefore(tx, cutoff);
  });
  return { again: new Date(now.getTime() + intervalSeconds * 1000) };
}

/** A wrapper's samples since `since`, the newest `limit` of them, oldest first (a chart's order). */
export async function wrapperSamples(
  db: DbOrTx,
  wrapperId: string,
  since: Date,
  limit: number,
): Promise<EarnSampleRow[]> {
  const rows = await db
    .select()
    .from(earnSamples)
    .where(and(eq(earnSamples.wrapperId, wrapperId), gte(earnSamples.sampledAt, since)))
    .orderBy(desc(earnSamples.sampledAt), desc(earnSamples.id))
    .limit(limit);
  return rows.reverse();
}

export const EARN_SAMPLE_JOB_HANDLERS = { [EARN_SAMPLES_JOB]: runEarnSamples };
