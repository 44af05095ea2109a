import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import type { JsonRpcClient } from "../chains/json-rpc";

/** One side of a swap: the chain and the token, `address` 0x0 for the native coin. */
export interface SwapAsset {
  caip2: string;
  caip19: string;
  address: `0x${string}`;
  stable: boolean;
}

export interface QuoteRequest {
  input: SwapAsset;
  output: SwapAsset;
  inputAmount: bigint;
  signer: `0x${string}`;
  /** Client fee on the output, already decided from the organization's swap config. */
  clientFeeBps: number;
  /** Who the client fee goes to (an aggregator pays it in the swap itself). */
  feeReceiver?: `0x${string}`;
  slippageBps: number;
}

export interface ProviderQuote {
  /** After the client fee: what the signer receives at the current price. */
  outputAmount: bigint;
  minOutputAmount: bigint;
  estimatedTimeSeconds: number;
  /**
   * What the provider needs later to build the quote's calls, stored with the quote (an
   * aggregator's transaction, which cannot be derived again from the amounts).
   */
  providerData?: Record<string, unknown>;
}

/** What a quote fixed, as stored: enough to build its transaction again at any time. */
export interface BoundQuote extends QuoteRequest {
  minOutputAmount: bigint;
  feeReceiver: `0x${string}`;
  providerData?: unknown;
}

/**
 * A swap provider: prices a trade, builds the calls bound to a quote (sent through the ordinary
 * send path, so policies and the gas station see them as any transaction), reads what a completed
 * transaction delivered, and pays out accrued client fees. Quoting and reading are chain reads;
 * throws ApiError (4xx) for what the caller can fix: no pool, not enough balance.
 */
export interface SwapProvider {
  /** The provider's name as quotes show it. */
  name: string;
  /** Trades any ERC-20 of its chains (an aggregator), not only the seeded tokens. */
  anyErc20?: boolean;
  /**
   * Pays the client fee to the receiver inside the swap (an aggregator's integrator fee): nothing
   * accrues, so list_swap_fees and claim_swap_fees never ask it.
   */
  feesPaidInSwap?: boolean;
  /** `destination`: the output chain's client, given for a cross-chain pair only. */
  quote(client: JsonRpcClient, request: QuoteRequest, destination?: JsonRpcClient): Promise<ProviderQuote>;
  buildCalls(quote: BoundQuote): TEthSendTransactionParams["calls"];
  /** The output the recipient received in a mined transaction (the quote's), read from the chain. */
  deliveredOutput(client: JsonRpcClient, txHash: string, quote: BoundQuote): Promise<bigint | undefined>;
  /** Fees accrued to `receiver`, per token address. */
  accruedFees(
    client: JsonRpcClient,
    receiver: `0x${string}`,
    tokens: `0x${string}`[],
  ): Promise<Map<`0x${string}`, bigint>>;
  /** Calls that pay `receiver` its fees in `tokens` (anyone may send them). */
  claimCalls(receiver: `0x${string}`, tokens: `0x${string}`[]): TEthSendTransactionParams["calls"];
}
