import type { TOnRampStatus } from "@/lib/api/onramp";
import { ZGetOnRampTransactionStatusRequest } from "@/lib/api/onramp";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { refreshFromProvider } from "../onramp/refresh";
import { findOnRampTransaction } from "../onramp/transactions";
import { defineQuery } from "./define";

export const getOnRampTransactionStatus = defineQuery({
  path: "get_onramp_transaction_status",
  summary:
    "Where a fiat on-ramp purchase stands: CREATED, PENDING, COMPLETED or FAILED; refresh: true asks " +
    "the provider first (a provider that does not answer is a 503, nothing changed)",
  request: ZGetOnRampTransactionStatusRequest,
  response: QUERY_RESPONSES.get_onramp_transaction_status,
  async run({ app, organization }, request) {
    let row = await findOnRampTransaction(app.db, organization.id, request.transactionId);
    if (request.refresh) row = await refreshFromProvider(app, row);
    return { transactionStatus: row.status as TOnRampStatus };
  },
});
