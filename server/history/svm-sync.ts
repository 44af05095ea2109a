import { and, eq, sql } from "drizzle-orm";
import type { TAssetMetadata } from "@/lib/api/assets";
import { servedAssets } from "../chains/assets";
import { SIGNATURES_PAGE, type SvmAdapter, type SvmSignatureInfo, svmAdapter } from "../chains/svm/adapter";
import type { AppContext } from "../context";
import { solHistory, solHistoryCursors } from "../db/schema";
import { newId } from "../ids";
import { accountKeysOf, transfersOf } from "./svm-transfers";

const TOKEN_PROGRAMS = [
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
];

/**
 * The signatures of `listed` newer than `until`, oldest first. A list read for the first time is read
 * whole on a local devnet (its history is short and all ours) and one page deep on a configured node,
 * whose older history is not fetched.
 */
async function newSignatures(
  svm: SvmAdapter,
  listed: string,
  until: string | undefined,
  wholeHistory: boolean,
): Promise<SvmSignatureInfo[]> {
  const found: SvmSignatureInfo[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await svm.signaturesForAddress(listed, { until, before });
    found.push(...page);
    if (page.length < SIGNATURES_PAGE || (until === undefined && !wholeHistory)) break;
    before = page.at(-1)!.signature;
  }
  return found.reverse();
}

/**
 * Bring the stored history of one Solana wallet address up to date with the cluster, through
 * standard JSON-RPC only: getSignaturesForAddress of the address and of each token account it holds
 * (an SPL transfer to it names its token account, not the address), newer than what was last read of
 * each, then getTransaction of each new signature and getBlock of each new slot. The network reads
 * happen outside any database transaction; the rows and the cursors are written in one, under the
 * cursor's row lock. A signature the node cannot return yet leaves its list's cursor where it was, so
 * the next read picks it up.
 */
export async function syncSolHistory(app: AppContext, caip2: string, address: string): Promise<void> {
  const [cursor] = await app.db
    .select()
    .from(solHistoryCursors)
    .where(and(eq(solHistoryCursors.caip2, caip2), eq(solHistoryCursors.address, address)));
  const newest = cursor?.newest ?? {};
  const svm = svmAdapter(await app.chains.rpc(caip2));
  const tokenAccounts = (await Promise.all(TOKEN_PROGRAMS.map((p) => svm.tokenAccounts(address, p)))).flat();
  const wholeHistory = app.chains.isLocal(caip2);

  const lists = await Promise.all(
    [address, ...tokenAccounts].map(async (listed) => ({
      listed,
      signatures: await newSignatures(svm, listed, newest[listed], wholeHistory),
    })),
  );
  // One chronological order across the lists: by slot, then as each list ordered its own.
  const seen = new Set<string>();
  const ordered = lists
    .flatMap((l) => l.signatures)
    .filter((s) => !seen.has(s.signature) && seen.add(s.signature))
    .sort((a, b) => a.slot - b.slot);

  const known = new Map<string, TAssetMetadata>(servedAssets(app.chains, caip2).map((a) => [a.caip19, a]));
  const own = new Set(tokenAccounts);
  const blockhashes = new Map<number, Promise<string | undefined>>();
  const missing = new Set<string>();
  const rows: Omit<typeof solHistory.$inferInsert, "seq">[] = [];
  for (const info of ordered) {
    const tx = await svm.transaction(info.signature);
    if (!tx) {
      missing.add(info.signature);
      continue;
    }
    if (!blockhashes.has(tx.slot)) blockhashes.set(tx.slot, svm.blockhash(tx.slot));
    const keys = accountKeysOf(tx);
    const { numRequiredSignatures, numReadonlySignedAccounts } = tx.transaction.message.header;
    rows.push({
      id: newId(app.clock.now().getTime()),
      caip2,
      address,
      signature: info.signature,
      slot: tx.slot,
      blockHash: (await blockhashes.get(tx.slot)) ?? "",
      blockTime: new Date((tx.blockTime ?? info.blockTime ?? app.clock.now().getTime() / 1000) * 1000),
      feePayer: keys[0]!,
      signers: keys
        .slice(0, numRequiredSignatures)
        .map((key, i) => ({ address: key, writable: i < numRequiredSignatures - numReadonlySignedAccounts })),
      fee: String(tx.meta?.fee ?? 0),
      err: tx.meta?.err ?? null,
      transfers: transfersOf(tx, address, own, known, caip2),
    });
  }

  const moved = { ...newest };
  for (const { listed, signatures } of lists) {
    const latest = signatures.at(-1);
    if (latest && !signatures.some((s) => missing.has(s.signature))) moved[listed] = latest.signature;
  }
  if (rows.length === 0 && cursor && lists.every((l) => moved[l.listed] === newest[l.listed])) return;
  await app.db.transaction(async (tx) => {
    const now = app.clock.now();
    await tx
      .insert(solHistoryCursors)
      .values({ caip2, address, newest: {}, nextSeq: 0, updatedAt: now })
      .onConflictDoNothing();
    const [locked] = await tx
      .select({ nextSeq: solHistoryCursors.nextSeq })
      .from(solHistoryCursors)
      .where(and(eq(solHistoryCursors.caip2, caip2), eq(solHistoryCursors.address, address)))
      .for("update");
    if (rows.length) {
      await tx
        .insert(solHistory)
        .values(rows.map((r, i) => ({ ...r, seq: locked!.nextSeq + i })))
        .onConflictDoNothing();
    }
    await tx
      .update(solHistoryCursors)
      .set({
        newest: sql`${solHistoryCursors.newest} || ${JSON.stringify(moved)}::jsonb`,
        nextSeq: locked!.nextSeq + rows.length,
        updatedAt: now,
      })
      .where(and(eq(solHistoryCursors.caip2, caip2), eq(solHistoryCursors.address, address)));
  });
}
