import { and, eq } from "drizzle-orm";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZGetSwapStatusRequest } from "@/lib/api/swaps";
import { sendTransactions, swapQuotes } from "../db/schema";
import { notFound } from "../errors";
import type { SendFailure } from "../sends/records";
import { findFillOfQuote } from "../swaps/cross-chain-fills";
import { CROSS_CHAIN_PROVIDER } from "../swaps/cross-chain-provider";
import { crossChainStatus } from "../swaps/cross-chain-status";
import { localSolanaRfq } from "../swaps/local-solana-rfq";
import { providerNamed } from "../swaps/providers";
import { boundQuote } from "../swaps/quote-calls";
import { solanaSwapAsset } from "../swaps/solana-assets";
import { defineQuery } from "./define";

/**
 * get_swap_status: where an execute_swap stands, read from the send that carries it — PENDING until
 * the transaction is in a block, then COMPLETED with the output the provider's event reports, or
 * FAILED with the chain's reason (ORIGIN_TRANSACTION_FAILED).
 */
export const getSwapStatus = defineQuery({
  path: "get_swap_status",
  summary:
    "Where a swap from execute_swap stands: PENDING, COMPLETED (originTxHash, outputAmount) or FAILED (error)",
  request: ZGetSwapStatusRequest,
  response: QUERY_RESPONSES.get_swap_status,
  async run({ app, organization }, request) {
    const [row] = await app.db
      .select({ quote: swapQuotes, send: sendTransactions })
      .from(swapQuotes)
      .innerJoin(sendTransactions, eq(sendTransactions.id, swapQuotes.sendId))
      .where(
        and(
          eq(swapQuotes.organizationId, organization.id),
          eq(swapQuotes.swapRequestId, request.swapRequestId),
        ),
      );
    if (!row) throw notFound("swap", request.swapRequestId);
    const { quote, send } = row;
    if (quote.provider === CROSS_CHAIN_PROVIDER) {
      return crossChainStatus(quote, send, await findFillOfQuote(app.db, quote.id));
    }
    const base = {
      swapKind: "SAME_CHAIN" as const,
      provider: quote.provider,
      inputToken: quote.inputToken,
      outputToken: quote.outputToken,
      inputAmount: quote.inputAmount,
      updatedAt: String(send.updatedAt.getTime()),
      ...(send.txHash ? { originTxHash: send.txHash } : {}),
    };
    if (send.status === "FAILED") {
      const message = (send.error as SendFailure | null)?.message ?? "the swap transaction failed";
      return {
        ...base,
        status: "FAILED" as const,
        error: { reason: "ORIGIN_TRANSACTION_FAILED" as const, message },
      };
    }
    if (send.status !== "COMPLETED" || !send.txHash) return { ...base, status: "PENDING" as const };
    const client = await app.chains.rpc(quote.caip2);
    const output = quote.partialTransaction
      ? await localSolanaRfq.deliveredOutput(client, send.txHash, {
          signer: quote.signer,
          output: solanaSwapAsset(quote.outputToken, "outputToken"),
        })
      : await providerNamed(quote.provider)!.deliveredOutput(client, send.txHash, boundQuote(quote));
    return {
      ...base,
      status: "COMPLETED" as const,
      ...(output !== undefined ? { outputAmount: output.toString() } : {}),
    };
  },
});
