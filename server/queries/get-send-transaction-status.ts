import { and, eq } from "drizzle-orm";
import { ZSendTransactionStatusRequest } from "@/lib/api/broadcast";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { sendTransactions } from "../db/schema";
import { notFound } from "../errors";
import { renderSendStatus } from "../sends/render";
import { defineQuery } from "./define";

export const getSendTransactionStatus = defineQuery({
  path: "get_send_transaction_status",
  summary:
    "Where a transaction sent by eth_send_transaction stands: PENDING (accepted), BROADCASTED (sent, not " +
    "yet in a block), COMPLETED (in a block, executed) or FAILED (txError and error say why)",
  request: ZSendTransactionStatusRequest,
  response: QUERY_RESPONSES.get_send_transaction_status,
  async run({ app, organization }, request) {
    const [row] = await app.db
      .select()
      .from(sendTransactions)
      .where(
        and(
          eq(sendTransactions.organizationId, organization.id),
          eq(sendTransactions.id, request.sendTransactionStatusId),
        ),
      );
    if (!row) throw notFound("send transaction status", request.sendTransactionStatusId);
    return renderSendStatus(row);
  },
});
