import type { TSolSendRequest } from "@/lib/api/broadcast";
import type { TExecuteSwapParams } from "@/lib/api/swaps";
import { svmAdapter } from "../chains/svm/adapter";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import type { SwapQuoteRow } from "../db/schema";
import { invalid } from "../errors";
import { acceptSend, SVM_SEND_JOB } from "../sends/records";
import { messageBlockhash } from "../sends/svm-transaction";

/**
 * What policies judge for a Solana swap: the quote's signer signing the stored fill as any
 * `solana.tx.*` transaction — the same bytes the send job signs.
 */
export function solanaSwapTargets(signer: string, partialTransaction: string) {
  return {
    signWith: signer,
    signWiths: [signer],
    signs: { transactionType: "TRANSACTION_TYPE_SOLANA" as const, unsignedTransaction: partialTransaction },
  };
}

/**
 * Accept a Solana quote's co-signed fill as an ordinary sol_send_transaction from its signer (the
 * job signs the signer's slot, broadcasts and follows it). Nothing of the message may change — the
 * market maker's signature covers it — so the fields that would change it are refused, and so is a
 * fill whose blockhash has already expired (it could never land).
 */
export async function acceptSolanaSwap(
  app: AppContext,
  tx: DbOrTx,
  now: Date,
  { quote, params, activityId }: { quote: SwapQuoteRow; params: TExecuteSwapParams; activityId: string },
): Promise<string> {
  const unsignedTransaction = quote.partialTransaction!;
  if (params.sponsor) {
    throw invalid(
      "sponsor is not supported for Solana swaps: the quote's transaction, co-signed by the market maker, is paid by its signer",
      "sponsor",
    );
  }
  if (params.evmNonce !== undefined) throw invalid("only for EVM swaps", "evmNonce");
  if (params.gasStationNonce !== undefined) throw invalid("only for EVM swaps", "gasStationNonce");
  const blockhash = messageBlockhash(unsignedTransaction);
  if (params.recentBlockhash !== undefined && params.recentBlockhash !== blockhash) {
    throw invalid(`must be the quote's own blockhash ${blockhash}, or omitted`, "recentBlockhash");
  }
  if (!(await svmAdapter(await app.chains.rpc(quote.caip2)).isBlockhashValid(blockhash))) {
    throw invalid(
      `quote ${quote.id} expired: its transaction's blockhash ${blockhash} is no longer valid; ask for a new one`,
      "quoteId",
    );
  }
  const request: TSolSendRequest = {
    unsignedTransaction,
    signWiths: [quote.signer],
    caip2: quote.caip2 as TSolSendRequest["caip2"],
  };
  return acceptSend(
    tx,
    now,
    {
      organizationId: quote.organizationId,
      activityId,
      caip2: quote.caip2,
      fromAddress: quote.signer,
      request,
    },
    SVM_SEND_JOB,
  );
}
