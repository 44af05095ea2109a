import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { evmHistory, evmHistoryCursors, type JobRow, walletAccounts } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import type { JobOutcome } from "../jobs/worker";
import { scanEvmBlocks } from "./evm-scan";

export const EVM_HISTORY_JOB = "evm-history";
/** Blocks read per run: bounds one run's work; a chain behind by more catches up run after run. */
const BLOCKS_PER_RUN = 50;
/** How often a caught-up chain is asked for new blocks. */
const FOLLOW_MS = 2_000;
/** nextBlock of a chain on a configured node: start at its head on the first run. */
const FROM_HEAD = -1;

/**
 * Start following a chain's blocks for the organizations' EVM addresses, once (idempotent): its
 * cursor and its job are created together. A local devnet is read from block 0 (its whole history
 * is ours and short); a configured node from its head at the first run, since standard JSON-RPC
 * cannot list an address's past. Returns whether this call started it.
 */
export async function watchEvmChain(app: AppContext, db: DbOrTx, caip2: string, now: Date): Promise<boolean> {
  const [created] = await db
    .insert(evmHistoryCursors)
    .values({ caip2, nextBlock: app.chains.isLocal(caip2) ? 0 : FROM_HEAD, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  if (created) await enqueue(db, now, EVM_HISTORY_JOB, { caip2 }, { maxAttempts: 1_000_000 });
  return created !== undefined;
}

/** The job: read the next batch of blocks, store what touched a watched address, move the cursor. */
export async function runEvmHistory(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { caip2 } = job.payload as { caip2: string };
  const [cursor] = await app.db.select().from(evmHistoryCursors).where(eq(evmHistoryCursors.caip2, caip2));
  if (!cursor) return { done: true };
  const client = await app.chains.rpc(caip2);
  const head = Number(BigInt(await client.call<string>("eth_blockNumber")));
  const from = cursor.nextBlock === FROM_HEAD ? head : cursor.nextBlock;
  const later = () => ({ again: new Date(app.clock.now().getTime() + FOLLOW_MS) });
  if (from > head) return later();
  const to = Math.min(head, from + BLOCKS_PER_RUN - 1);
  const accounts = await app.db
    .selectDistinct({ address: sql<string>`lower(${walletAccounts.address})` })
    .from(walletAccounts)
    .where(eq(walletAccounts.addressFormat, "ADDRESS_FORMAT_ETHEREUM"));
  const found = await scanEvmBlocks(client, caip2, from, to, new Set(accounts.map((a) => a.address)));
  await app.db.transaction(async (tx) => {
    if (found.length) {
      await tx
        .insert(evmHistory)
        .values(found.map((f) => ({ id: newId(app.clock.now().getTime()), caip2, ...f })))
        .onConflictDoNothing();
    }
    await tx
      .update(evmHistoryCursors)
      .set({ nextBlock: to + 1, updatedAt: app.clock.now() })
      .where(eq(evmHistoryCursors.caip2, caip2));
  });
  return to < head ? { again: app.clock.now() } : later();
}

export const HISTORY_JOB_HANDLERS = { [EVM_HISTORY_JOB]: runEvmHistory };
