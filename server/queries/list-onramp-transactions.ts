import { and, eq } from "drizzle-orm";
import { ZListOnRampTransactionsRequest } from "@/lib/api/onramp";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { onRampTransactions } from "../db/schema";
import { renderOnRampTransaction } from "../onramp/transactions";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

export const listOnRampTransactions = defineQuery({
  path: "list_onramp_transactions",
  summary:
    "Latchkey extension for support: the organization's fiat on-ramp purchases, newest first, " +
    "optionally of one transactionStatus or one onrampProvider",
  latchkeyExtension: true,
  request: ZListOnRampTransactionsRequest,
  response: QUERY_RESPONSES.list_onramp_transactions,
  async run({ app, organization }, request) {
    const page = pageOf(onRampTransactions.id, request.paginationOptions, "newest-first");
    const rows = await app.db
      .select()
      .from(onRampTransactions)
      .where(
        and(
          eq(onRampTransactions.organizationId, organization.id),
          request.transactionStatus ? eq(onRampTransactions.status, request.transactionStatus) : undefined,
          request.onrampProvider ? eq(onRampTransactions.provider, request.onrampProvider) : undefined,
          page.where,
        ),
      )
      .orderBy(page.orderBy)
      .limit(page.limit);
    if (page.reverse) rows.reverse();
    return { transactions: rows.map(renderOnRampTransaction) };
  },
});
