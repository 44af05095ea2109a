import { ZGetOnRampTransactionRequest } from "@/lib/api/onramp";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { findOnRampTransaction, renderOnRampTransaction, statusHistory } from "../onramp/transactions";
import { defineQuery } from "./define";

export const getOnRampTransaction = defineQuery({
  path: "get_onramp_transaction",
  summary:
    "Latchkey extension for support: one fiat on-ramp purchase (wallet, amounts, provider's status, " +
    "delivery hash) and every status it went through, with when",
  latchkeyExtension: true,
  request: ZGetOnRampTransactionRequest,
  response: QUERY_RESPONSES.get_onramp_transaction,
  async run({ app, organization }, request) {
    const row = await findOnRampTransaction(app.db, organization.id, request.transactionId);
    return { transaction: renderOnRampTransaction(row), history: await statusHistory(app.db, row.id) };
  },
});
