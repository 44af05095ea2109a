import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { ZListEthTransactionHistoryRequest } from "@/lib/api/history";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { isChainUnavailable } from "../chains/chains";
import { isRpcError, isRpcUnavailable } from "../chains/json-rpc";
import type { AppContext } from "../context";
import { activities, evmHistory, sendTransactions } from "../db/schema";
import { invalid } from "../errors";
import { watchEvmChain } from "../history/evm-indexer";
import { requireHistoryAddress } from "../history/history-address";
import { renderHistoryItem, type SentBy } from "../history/render";
import { defineQuery } from "./define";

/** Opaque to callers: a position in the address's history (block, index in block). */
const cursorOf = (block: number, index: number) => Buffer.from(`${block}.${index}`).toString("base64url");
function positionOf(cursor: string, field: string): [number, number] {
  const match = /^(\d{1,15})\.(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw invalid("is not a cursor this query gave", `paginationOptions.${field}`);
  return [Number(match[1]), Number(match[2])];
}

/** The chain's finalized block, if the node can say (a history read never fails on it). */
async function finalizedBlock(app: AppContext, caip2: string): Promise<number | undefined> {
  try {
    const block = await (await app.chains.rpc(caip2)).call<{ number?: string } | null>(
      "eth_getBlockByNumber",
      ["finalized", false],
    );
    return block?.number ? Number(BigInt(block.number)) : undefined;
  } catch (error) {
    if (isRpcError(error) || isRpcUnavailable(error) || isChainUnavailable(error)) return undefined;
    throw error;
  }
}

export const listEthTransactionHistory = defineQuery({
  path: "list_eth_transaction_history",
  summary:
    "The transactions that moved ETH or ERC-20 tokens to or from a wallet account address, most recent " +
    "first, as the server's indexer found them in the chain's blocks; those it sent carry turnkey metadata",
  request: ZListEthTransactionHistoryRequest,
  response: QUERY_RESPONSES.list_eth_transaction_history,
  async run({ app, organization }, request) {
    const address = request.address.toLowerCase();
    await requireHistoryAddress(app, organization.id, request.address, true);
    const { caip2 } = request;
    if (await watchEvmChain(app, app.db, caip2, app.clock.now())) app.jobWake.notify();

    const page = request.paginationOptions;
    const limit = page?.limit ? Number(page.limit) : 10;
    const position = sql`(${evmHistory.blockNumber}, ${evmHistory.txIndex})`;
    const before = page?.before ? positionOf(page.before, "before") : undefined;
    const after = page?.after ? positionOf(page.after, "after") : undefined;
    // Newest first; with only `after` (newer than), read upwards from the cursor and flip.
    const upwards = after !== undefined && before === undefined;
    const rows = await app.db
      .select()
      .from(evmHistory)
      .where(
        and(
          eq(evmHistory.caip2, caip2),
          eq(evmHistory.address, address),
          before ? sql`${position} < (${before[0]}, ${before[1]})` : undefined,
          after ? sql`${position} > (${after[0]}, ${after[1]})` : undefined,
        ),
      )
      .orderBy(
        ...(upwards
          ? [asc(evmHistory.blockNumber), asc(evmHistory.txIndex)]
          : [desc(evmHistory.blockNumber), desc(evmHistory.txIndex)]),
      )
      .limit(limit + 1);
    const more = rows.length > limit;
    const shown = rows.slice(0, limit);
    if (upwards) shown.reverse();

    const hashes = shown.map((r) => r.txHash.toLowerCase());
    const sent = hashes.length
      ? await app.db
          .select({
            hash: sql<string>`lower(${sendTransactions.txHash})`,
            request: sendTransactions.request,
            createdAt: sendTransactions.createdAt,
            fingerprint: activities.fingerprint,
          })
          .from(sendTransactions)
          .innerJoin(activities, eq(activities.id, sendTransactions.activityId))
          .where(
            and(eq(sendTransactions.caip2, caip2), inArray(sql`lower(${sendTransactions.txHash})`, hashes)),
          )
      : [];
    const sentBy = new Map<string, SentBy>(
      sent.map((s) => [
        s.hash,
        {
          sponsored: (s.request as { sponsor?: boolean }).sponsor === true,
          activityFingerprint: s.fingerprint,
          submittedAt: s.createdAt,
        },
      ]),
    );
    const finalized = shown.length ? await finalizedBlock(app, caip2) : undefined;
    return {
      transactions: shown.map((r) => renderHistoryItem(r, finalized, sentBy.get(r.txHash.toLowerCase()))),
      pageInfo: {
        hasNextPage: upwards ? true : more,
        hasPreviousPage: upwards ? more : before !== undefined,
        ...(shown.length
          ? {
              startCursor: cursorOf(shown[0]!.blockNumber, shown[0]!.txIndex),
              endCursor: cursorOf(shown.at(-1)!.blockNumber, shown.at(-1)!.txIndex),
            }
          : {}),
      },
    };
  },
});
