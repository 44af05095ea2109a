import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { chainInfo } from "@/lib/api/chains";
import { ZExecuteSwapParams } from "@/lib/api/swaps";
import { swapQuotes } from "../db/schema";
import { invalid } from "../errors";
import { assertSponsorBudget, requireSponsor } from "../gas-station/sponsor";
import { newId } from "../ids";
import { describeEvmCalls } from "../sends/evm-transaction";
import { acceptSend } from "../sends/records";
import { acceptCrossChainFill } from "../swaps/cross-chain-fills";
import { CROSS_CHAIN_PROVIDER } from "../swaps/cross-chain-provider";
import { quoteCalls } from "../swaps/quote-calls";
import { acceptSolanaSwap, solanaSwapTargets } from "../swaps/solana-execute";
import { defineActivity } from "./define";

/** The quote fields a caller repeats on execution, and the stored column each must equal. */
const BOUND_FIELDS = [
  ["inputToken", "inputToken"],
  ["inputAmount", "inputAmount"],
  ["outputToken", "outputToken"],
  ["quotedOutputAmount", "outputAmount"],
  ["minOutputAmount", "minOutputAmount"],
] as const;

/**
 * execute_swap (ACTIVITY_TYPE_EXECUTE_SWAP_V2): execute a stored quote of this organization, once,
 * before it expires, exactly as quoted. The signer comes from the quote. The provider's calls
 * (approve + swap as one EIP-7702 batch, or one native-in call) are accepted as an ordinary send —
 * the send job signs, broadcasts and follows them, sponsored by the gas station when asked — and
 * get_swap_status follows that send.
 */
export const executeSwap = defineActivity({
  path: "execute_swap",
  type: ACTIVITY_TYPES.execute_swap,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  // The intent holds only the quote's id: policies judge the stored quote's signer and calls, as
  // eth.tx.* for each call exactly as execute sends them (an unknown quote is refused by execute).
  async policyTargets(db, organizationId, p) {
    const [quote] = await db
      .select()
      .from(swapQuotes)
      .where(and(eq(swapQuotes.organizationId, organizationId), eq(swapQuotes.id, p.quoteId)));
    if (!quote) return {};
    if (quote.partialTransaction) return solanaSwapTargets(quote.signer, quote.partialTransaction);
    const calls = quoteCalls(quote);
    return {
      signWith: quote.signer,
      signs: {
        transactionType: "TRANSACTION_TYPE_ETHEREUM",
        unsignedTransactions: describeEvmCalls(chainInfo(quote.caip2)?.chainId ?? 0, {
          from: quote.signer,
          caip2: quote.caip2,
          calls,
        }),
      },
    };
  },
  intentKey: "executeSwapIntentV2",
  resultKey: "executeSwapResult",
  summary:
    "Execute a quote from create_swap_quote (signer from the quote; refused once expired, executed or changed); " +
    "follow it with get_swap_status",
  describe: (p) =>
    `Swap ${p.inputAmount} ${p.inputToken} into at least ${p.minOutputAmount} ${p.outputToken}${p.sponsor ? ", gas sponsored" : ""}`,
  params: ZExecuteSwapParams,
  result: z.object({ swapRequestId: z.string(), provider: z.string(), quoteId: z.string() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
    const [quote] = await tx
      .select()
      .from(swapQuotes)
      .where(and(eq(swapQuotes.organizationId, organization.id), eq(swapQuotes.id, params.quoteId)))
      .for("update");
    if (!quote) throw invalid(`no swap quote ${params.quoteId} in this organization`, "quoteId");
    if (quote.executedAt)
      throw invalid(`quote ${quote.id} was already executed (${quote.swapRequestId})`, "quoteId");
    if (now.getTime() >= quote.expiresAt.getTime()) {
      throw invalid(
        `quote ${quote.id} expired at ${quote.expiresAt.getTime()}: ask for a new one`,
        "quoteId",
      );
    }
    for (const [field, column] of BOUND_FIELDS) {
      // CAIP-19s compare case-insensitively (EVM addresses; Solana mints are stored as quoted).
      const bound = field.endsWith("Token") ? quote[column].toLowerCase() : quote[column];
      const given = field.endsWith("Token") ? params[field].toLowerCase() : params[field];
      if (given !== bound) throw invalid(`${field} must equal the quote's ${quote[column]}`, field);
    }
    // A Solana quote is one co-signed transaction: the send path only adds the signer's signature.
    const solanaSendId = quote.partialTransaction
      ? await acceptSolanaSwap(app, tx, now, { quote, params, activityId })
      : undefined;
    if (solanaSendId) {
      const swapRequestId = newId(now.getTime());
      await tx
        .update(swapQuotes)
        .set({ swapRequestId, sendId: solanaSendId, executedAt: now })
        .where(eq(swapQuotes.id, quote.id));
      afterCommit(() => app.jobWake.notify());
      return { swapRequestId, provider: quote.provider, quoteId: quote.id };
    }
    if (params.recentBlockhash !== undefined) throw invalid("only for Solana swaps", "recentBlockhash");
    const calls = quoteCalls(quote);
    const sponsor = params.sponsor ? await requireSponsor(tx, organization.id, "evm") : undefined;
    if (sponsor) await assertSponsorBudget(tx, now, sponsor, organization.id);
    const sendId = await acceptSend(tx, now, {
      organizationId: organization.id,
      activityId,
      caip2: quote.caip2,
      fromAddress: quote.signer,
      request: {
        from: quote.signer,
        caip2: quote.caip2,
        calls,
        ...(params.sponsor ? { sponsor: true } : {}),
        ...(params.evmNonce !== undefined ? { nonce: params.evmNonce } : {}),
        ...(params.gasStationNonce !== undefined ? { gasStationNonce: params.gasStationNonce } : {}),
      },
      sponsorOrganizationId: sponsor?.sponsorOrganizationId,
    });
    const swapRequestId = newId(now.getTime());
    await tx
      .update(swapQuotes)
      .set({ swapRequestId, sendId, executedAt: now })
      .where(eq(swapQuotes.id, quote.id));
    // Cross-chain: the send is the deposit; the provider's job pays out once it is in a block.
    if (quote.provider === CROSS_CHAIN_PROVIDER) {
      await acceptCrossChainFill(tx, now, { organizationId: organization.id, quoteId: quote.id, sendId });
    }
    afterCommit(() => app.jobWake.notify());
    return { swapRequestId, provider: quote.provider, quoteId: quote.id };
  },
});
