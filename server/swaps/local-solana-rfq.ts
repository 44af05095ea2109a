import type { JsonRpcClient } from "../chains/json-rpc";
import { svmAdapter } from "../chains/svm/adapter";
import { invalid } from "../errors";
import { fixedRateOutput, type SolanaSwapAsset } from "./solana-assets";
import { ensureMarketMakerSeeded, marketMaker } from "./solana-market-maker";
import { buildRfqFill } from "./solana-rfq-transaction";

/** Two signatures (the user's and the market maker's) at Solana's 5000 lamports each, paid by the user. */
export const RFQ_TRANSACTION_FEE = 10_000n;
/** A token account's size: what the market maker pays rent for when a recipient has none. */
const TOKEN_ACCOUNT_BYTES = 165;
/** The fill lands in the next slot or two. */
const ESTIMATED_SECONDS = 1;

export interface SolanaQuoteRequest {
  input: SolanaSwapAsset;
  output: SolanaSwapAsset;
  inputAmount: bigint;
  signer: string;
  clientFeeBps: number;
  slippageBps: number;
  /** The Solana account the client fee is paid to, in the same transaction (none: no fee). */
  feeReceiver: string | undefined;
  quoteId: string;
}

export interface SolanaQuote {
  outputAmount: bigint;
  minOutputAmount: bigint;
  estimatedTimeSeconds: number;
  /** The co-signed fill (hex), valid until its blockhash expires. */
  partialTransaction: string;
  blockhash: string;
}

const rentExempt = (client: JsonRpcClient, bytes: number) =>
  client.call<number | bigint>("getMinimumBalanceForRentExemption", [bytes]).then(BigInt);

/**
 * The default provider on the local Solana devnets: a request-for-quote market maker that fills at
 * a fixed price (solana-assets.ts) from its own balances, in one atomic transaction it co-signs
 * (solana-rfq-transaction.ts). Refuses (ApiError 400) what would fail on chain: a trader short of the
 * input or the fee, a market maker short of the output, an amount that buys nothing.
 */
export const localSolanaRfq = {
  name: "LATCHKEY_LOCAL_SOLANA_RFQ",

  async quote(client: JsonRpcClient, request: SolanaQuoteRequest): Promise<SolanaQuote> {
    const { input, output, inputAmount, signer } = request;
    await ensureMarketMakerSeeded(client, input.caip2);
    const chain = svmAdapter(client);
    const maker = (await marketMaker()).address;
    const minimum = await rentExempt(client, 0);
    await checkTrader(client, request, minimum);

    const gross = fixedRateOutput(input, output, inputAmount);
    const fee = request.feeReceiver ? (gross * BigInt(request.clientFeeBps)) / 10_000n : 0n;
    const outputAmount = gross - fee;
    if (outputAmount === 0n) throw invalid("inputAmount is too small: it buys nothing", "inputAmount");

    const makerLamports = await chain.balance(maker);
    const noLiquidity = (holds: string) =>
      invalid(
        `the Solana market maker cannot fill ${gross} of ${output.caip19}: it holds ${holds}. Quote a smaller amount`,
        "inputAmount",
      );
    if (output.mint === undefined) {
      if (makerLamports < gross + minimum) throw noLiquidity(`${makerLamports} lamports`);
      if (fee > 0n) {
        const receiverLamports = await chain.balance(request.feeReceiver!);
        if (receiverLamports === 0n && fee < minimum) {
          throw invalid(
            `the fee receiver's Solana account ${request.feeReceiver} is empty and the fee of ${fee} lamports is below the rent-exempt minimum ${minimum}: fund it first`,
            "inputAmount",
          );
        }
      }
    } else {
      const makerUnits = await chain.tokenBalance(maker, output.mint);
      const accountRent = 2n * (await rentExempt(client, TOKEN_ACCOUNT_BYTES));
      if (makerUnits < gross || makerLamports < accountRent + minimum) {
        throw noLiquidity(`${makerUnits} units and ${makerLamports} lamports`);
      }
    }

    const blockhash = await chain.latestBlockhash();
    const partialTransaction = await buildRfqFill({
      input,
      output,
      signer,
      inputAmount,
      outputAmount,
      fee,
      feeReceiver: request.feeReceiver,
      blockhash,
      quoteId: request.quoteId,
    });
    return {
      outputAmount,
      // The price is fixed and the fill atomic: it delivers outputAmount or nothing. The minimum is
      // still stated with the slippage asked for, as every quote states it.
      minOutputAmount: (outputAmount * BigInt(10_000 - request.slippageBps)) / 10_000n,
      estimatedTimeSeconds: ESTIMATED_SECONDS,
      partialTransaction,
      blockhash: blockhash.blockhash,
    };
  },

  /** What the signer received in a landed fill, from the transaction's balance changes. */
  async deliveredOutput(
    client: JsonRpcClient,
    txHash: string,
    swap: { signer: string; output: SolanaSwapAsset },
  ): Promise<bigint | undefined> {
    const tx = await client.call<DeliveredTransaction | null>("getTransaction", [
      txHash,
      { encoding: "json", maxSupportedTransactionVersion: 0, commitment: "confirmed" },
    ]);
    if (!tx?.meta || tx.meta.err !== null) return undefined;
    const { meta } = tx;
    if (swap.output.mint === undefined) {
      const index = tx.transaction.message.accountKeys.indexOf(swap.signer);
      if (index < 0) return undefined;
      // The signer paid the transaction fee out of the same lamports: add it back.
      const fee = index === 0 ? BigInt(meta.fee) : 0n;
      return BigInt(meta.postBalances[index]!) - BigInt(meta.preBalances[index]!) + fee;
    }
    const units = (list: DeliveredTransaction["meta"]["postTokenBalances"]) =>
      BigInt(
        list.find((b) => b.owner === swap.signer && b.mint === swap.output.mint)?.uiTokenAmount.amount ?? 0,
      );
    return units(meta.postTokenBalances) - units(meta.preTokenBalances);
  },
};

type DeliveredTransaction = {
  transaction: { message: { accountKeys: string[] } };
  meta: {
    err: unknown;
    fee: number | string;
    preBalances: (number | string)[];
    postBalances: (number | string)[];
    preTokenBalances: { owner?: string; mint: string; uiTokenAmount: { amount: string } }[];
    postTokenBalances: { owner?: string; mint: string; uiTokenAmount: { amount: string } }[];
  };
};

/** The trader must hold the input and the transaction fee, and keep a rent-exempt balance or none. */
async function checkTrader(client: JsonRpcClient, request: SolanaQuoteRequest, minimum: bigint) {
  const { input, inputAmount, signer } = request;
  const chain = svmAdapter(client);
  const lamports = await chain.balance(signer);
  if (input.mint === undefined) {
    const needed = inputAmount + RFQ_TRANSACTION_FEE;
    if (lamports < needed) {
      throw invalid(
        `${signer} holds ${lamports} lamports, less than the inputAmount ${inputAmount} plus the ${RFQ_TRANSACTION_FEE} lamports fee`,
        "inputAmount",
      );
    }
    const left = lamports - needed;
    if (left > 0n && left < minimum) {
      throw invalid(
        `the swap would leave ${signer} ${left} lamports, below the rent-exempt minimum ${minimum}: swap less, or everything but the fee`,
        "inputAmount",
      );
    }
    return;
  }
  const units = await chain.tokenBalance(signer, input.mint);
  if (units < inputAmount) {
    throw invalid(
      `${signer} holds ${units} of ${input.caip19}, less than the inputAmount ${inputAmount}`,
      "inputAmount",
    );
  }
  if (lamports < RFQ_TRANSACTION_FEE) {
    throw invalid(
      `${signer} holds ${lamports} lamports: it pays the ${RFQ_TRANSACTION_FEE} lamports transaction fee, fund it with SOL`,
      "signWith",
    );
  }
}
