import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import {
  type EarnPositionSampleRow,
  type EarnWrapperRow,
  earnPositionSamples,
  earnRequests,
  sendTransactions,
} from "../db/schema";
import { formatUsd } from "../gas-station/prices";
import { newId } from "../ids";
import { FEE_WRAPPER } from "./contracts";
import { wrapperVault } from "./deployment";
import { earnPrices } from "./price-source";
import { usdValue } from "./prices";
import { readContract } from "./read-contract";

/**
 * The wallets whose positions in a wrapper are sampled: those with a confirmed deposit into it
 * through Latchkey (shares bought elsewhere or sent in are not the organization's doing to chart).
 */
async function holders(db: DbOrTx, w: EarnWrapperRow): Promise<string[]> {
  const rows = await db
    .selectDistinct({ wallet: sql<string>`lower(${earnRequests.walletAddress})` })
    .from(earnRequests)
    .innerJoin(sendTransactions, eq(sendTransactions.id, earnRequests.sendId))
    .where(
      and(
        eq(earnRequests.organizationId, w.organizationId),
        eq(earnRequests.kind, "DEPOSIT"),
        eq(earnRequests.caip2, w.caip2),
        sql`lower(${earnRequests.wrapperAddress}) = ${w.wrapperAddress.toLowerCase()}`,
        eq(sendTransactions.status, "COMPLETED"),
      ),
    );
  return rows.map((r) => r.wallet);
}

/**
 * Each holder's position in one wrapper now: its shares and what they redeem for (net of fees, as
 * list_earn_positions reports it). A position emptied is not sampled: its line simply ends, and a
 * wallet that left long ago costs nothing each round.
 */
export async function readPositionSamples(
  app: AppContext,
  w: EarnWrapperRow,
  now: Date,
): Promise<EarnPositionSampleRow[]> {
  const wallets = await holders(app.db, w);
  if (wallets.length === 0) return [];
  const vault = wrapperVault(app, w);
  const client = await app.chains.rpc(w.caip2);
  const read = <T>(fn: string, args: unknown[]) =>
    readContract<T>(client, w.wrapperAddress, FEE_WRAPPER.abi, fn, args);
  const { symbol, decimals } = vault.token;
  const out: EarnPositionSampleRow[] = [];
  for (const wallet of wallets) {
    const shares = await read<bigint>("balanceOf", [wallet]);
    if (shares === 0n) continue;
    const assets = await read<bigint>("previewRedeem", [shares]);
    const micros = await usdValue(earnPrices(app), symbol, assets, decimals).catch(() => undefined);
    out.push({
      id: newId(now.getTime()),
      wrapperId: w.id,
      organizationId: w.organizationId,
      walletAddress: wallet,
      sampledAt: now,
      shares: shares.toString(),
      assets: assets.toString(),
      assetsUsd: micros === undefined ? null : formatUsd(micros),
    });
  }
  return out;
}

/** The same retention as the vault samples. */
export const dropPositionSamplesBefore = (db: DbOrTx, cutoff: Date) =>
  db.delete(earnPositionSamples).where(lt(earnPositionSamples.sampledAt, cutoff));

/** A wallet's samples in one wrapper since `since`, the newest `limit`, oldest first (a chart's order). */
export async function positionSamples(
  db: DbOrTx,
  wrapperId: string,
  walletAddress: string,
  since: Date,
  limit: number,
): Promise<EarnPositionSampleRow[]> {
  const rows = await db
    .select()
    .from(earnPositionSamples)
    .where(
      and(
        eq(earnPositionSamples.wrapperId, wrapperId),
        eq(earnPositionSamples.walletAddress, walletAddress.toLowerCase()),
        gte(earnPositionSamples.sampledAt, since),
      ),
    )
    .orderBy(desc(earnPositionSamples.sampledAt), desc(earnPositionSamples.id))
    .limit(limit);
  return rows.reverse();
}
