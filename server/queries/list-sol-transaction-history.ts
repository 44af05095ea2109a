import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { ZListSolTransactionHistoryRequest } from "@/lib/api/history";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { readChain } from "../chains/read";
import { svmAdapter } from "../chains/svm/adapter";
import { activities, sendTransactions, solHistory } from "../db/schema";
import { invalid } from "../errors";
import { requireHistoryAddress } from "../history/history-address";
import type { SentBy } from "../history/render";
import { renderSolHistoryItem } from "../history/svm-render";
import { syncSolHistory } from "../history/svm-sync";
import { defineQuery } from "./define";

/** Opaque to callers: a position in the address's history (slot, order within the slot). */
const cursorOf = (slot: number, seq: number) => Buffer.from(`s${slot}.${seq}`).toString("base64url");
function positionOf(cursor: string, field: string): [number, number] {
  const match = /^s(\d{1,15})\.(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw invalid("is not a cursor this query gave", `paginationOptions.${field}`);
  return [Number(match[1]), Number(match[2])];
}

export const listSolTransactionHistory = defineQuery({
  path: "list_sol_transaction_history",
  summary:
    "The transactions that moved SOL or SPL tokens to or from a Solana wallet account address, most recent " +
    "first, read from the cluster when asked (getSignaturesForAddress); those this server sent carry turnkey metadata",
  request: ZListSolTransactionHistoryRequest,
  response: QUERY_RESPONSES.list_sol_transaction_history,
  async run({ app, organization }, request) {
    const { address, caip2 } = request;
    await requireHistoryAddress(app, organization.id, address, false);
    const page = request.paginationOptions;
    const before = page?.before ? positionOf(page.before, "before") : undefined;
    const after = page?.after ? positionOf(page.after, "after") : undefined;
    await readChain(caip2, () => syncSolHistory(app, caip2, address));

    const limit = page?.limit ? Number(page.limit) : 10;
    const position = sql`(${solHistory.slot}, ${solHistory.seq})`;
    // Newest first; with only `after` (newer than), read upwards from the cursor and flip.
    const upwards = after !== undefined && before === undefined;
    const rows = await app.db
      .select()
      .from(solHistory)
      .where(
        and(
          eq(solHistory.caip2, caip2),
          eq(solHistory.address, address),
          before ? sql`${position} < (${before[0]}, ${before[1]})` : undefined,
          after ? sql`${position} > (${after[0]}, ${after[1]})` : undefined,
        ),
      )
      .orderBy(
        ...(upwards
          ? [asc(solHistory.slot), asc(solHistory.seq)]
          : [desc(solHistory.slot), desc(solHistory.seq)]),
      )
      .limit(limit + 1);
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    if (upwards) shown.reverse();

    const signatures = shown.map((r) => r.signature);
    const sent = signatures.length
      ? await app.db
          .select({
            signature: sendTransactions.txHash,
            request: sendTransactions.request,
            createdAt: sendTransactions.createdAt,
            fingerprint: activities.fingerprint,
          })
          .from(sendTransactions)
          .innerJoin(activities, eq(activities.id, sendTransactions.activityId))
          .where(and(eq(sendTransactions.caip2, caip2), inArray(sendTransactions.txHash, signatures)))
      : [];
    const sentBy = new Map<string, SentBy>(
      sent.map((s) => [
        s.signature!,
        {
          sponsored: (s.request as { sponsor?: boolean }).sponsor === true,
          activityFingerprint: s.fingerprint,
          submittedAt: s.createdAt,
        },
      ]),
    );
    const finalized = shown.length
      ? await readChain(caip2, async () => svmAdapter(await app.chains.rpc(caip2)).finalizedSlot())
      : undefined;
    return {
      transactions: shown.map((r) => renderSolHistoryItem(r, finalized, sentBy.get(r.signature))),
      pageInfo: {
        hasNextPage: upwards ? true : more,
        hasPreviousPage: upwards ? more : before !== undefined,
        ...(shown.length
          ? {
              startCursor: cursorOf(shown[0]!.slot, shown[0]!.seq),
              endCursor: cursorOf(shown.at(-1)!.slot, shown.at(-1)!.seq),
            }
          : {}),
      },
    };
  },
});
