import { and, asc, eq } from "drizzle-orm";
import type { TCreateSwapQuoteParams, TSwapQuote } from "@/lib/api/swaps";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { swapQuotes, walletAccounts } from "../db/schema";
import { invalid } from "../errors";
import { newId } from "../ids";
import { clientFeeFor } from "./config";
import { localSolanaRfq } from "./local-solana-rfq";
import { solanaSwapAsset } from "./solana-assets";

/**
 * How long a Solana quote can be executed: inside its transaction's blockhash life (150 slots,
 * about 60 s), with room for the send job to sign and broadcast before the blockhash expires.
 */
export const SOLANA_QUOTE_TTL_MS = 45_000;

/**
 * The client fee is paid in the fill itself, to a Solana account of the fee receiver's wallet (the
 * receiver named by upsert_swap_config is an Ethereum account; its wallet's first Solana account
 * takes the Solana fees). A wallet without one cannot be paid, so such a quote is refused.
 */
async function solanaFeeAccount(db: DbOrTx, organizationId: string, evmReceiver: string): Promise<string> {
  const [receiver] = await db
    .select({ walletId: walletAccounts.walletId })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.organizationId, organizationId), eq(walletAccounts.address, evmReceiver)))
    .limit(1);
  const [solana] = receiver
    ? await db
        .select({ address: walletAccounts.address })
        .from(walletAccounts)
        .where(
          and(
            eq(walletAccounts.walletId, receiver.walletId),
            eq(walletAccounts.addressFormat, "ADDRESS_FORMAT_SOLANA"),
          ),
        )
        .orderBy(asc(walletAccounts.createdAt), asc(walletAccounts.id))
        .limit(1)
    : [];
  if (!solana) {
    throw invalid(
      `the swap fee receiver ${evmReceiver}'s wallet has no Solana account to take fees on Solana: add one (create_wallet_accounts) or set feeBps to 0`,
      "signWith",
    );
  }
  return solana.address;
}

/**
 * create_swap_quote on a local Solana chain: the signer must be an ed25519 account or key address
 * of the organization (the caller checked it is one of its own, never a key id); the market maker
 * quotes and co-signs the fill, which is stored with the quote for execute_swap to send unchanged.
 */
export async function quoteSolanaSwap(
  app: AppContext,
  tx: DbOrTx,
  organizationId: string,
  now: Date,
  params: TCreateSwapQuoteParams,
  slippageBps: number,
): Promise<TSwapQuote> {
  const input = solanaSwapAsset(params.inputToken, "inputToken");
  const output = solanaSwapAsset(params.outputToken, "outputToken");
  if (input.caip2 !== output.caip2) {
    throw invalid(
      "cross-chain swaps are not supported by the Solana market maker: inputToken and outputToken must be on one chain",
      "outputToken",
    );
  }
  if (input.caip19 === output.caip19)
    throw invalid("inputToken and outputToken are the same asset", "outputToken");
  const inputAmount = BigInt(params.inputAmount);
  if (inputAmount === 0n) throw invalid("must be more than zero", "inputAmount");
  if (!app.chains.isLocal(input.caip2)) {
    throw invalid(
      `no swap provider serves ${input.caip2}: Solana swaps run on the local devnets only`,
      "inputToken",
    );
  }
  const config = await clientFeeFor(tx, organizationId, input, output);
  const feeReceiver =
    config.feeBps > 0 ? await solanaFeeAccount(tx, organizationId, config.feeReceiver) : undefined;
  const feeBps = feeReceiver ? config.feeBps : 0;
  const quoteId = newId(now.getTime());
  const quote = await localSolanaRfq.quote(await app.chains.rpc(input.caip2), {
    input,
    output,
    inputAmount,
    signer: params.signWith,
    clientFeeBps: feeBps,
    slippageBps,
    feeReceiver,
    quoteId,
  });
  const expiresAt = new Date(now.getTime() + SOLANA_QUOTE_TTL_MS);
  await tx.insert(swapQuotes).values({
    id: quoteId,
    organizationId,
    provider: localSolanaRfq.name,
    caip2: input.caip2,
    signer: params.signWith,
    inputToken: input.caip19,
    outputToken: output.caip19,
    inputAmount: params.inputAmount,
    outputAmount: quote.outputAmount.toString(),
    minOutputAmount: quote.minOutputAmount.toString(),
    slippageBps,
    clientFeeBps: feeBps,
    feeReceiver: feeReceiver ?? "",
    expiresAt,
    partialTransaction: quote.partialTransaction,
    createdAt: now,
  });
  return {
    quoteId,
    provider: localSolanaRfq.name,
    outputAmount: quote.outputAmount.toString(),
    minOutputAmount: quote.minOutputAmount.toString(),
    expiresAt: String(expiresAt.getTime()),
    slippageBps: String(slippageBps),
    clientFeeBps: String(feeBps),
    estimatedTimeSeconds: String(quote.estimatedTimeSeconds),
  };
}
