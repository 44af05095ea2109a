import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import type { swapQuotes } from "../db/schema";
import { swapAsset } from "./assets";
import type { BoundQuote, SwapProvider } from "./provider";
import { providerNamed } from "./providers";

type StoredQuote = typeof swapQuotes.$inferSelect;

function providerOf(quote: StoredQuote): SwapProvider {
  const provider = providerNamed(quote.provider);
  if (!provider) throw new Error(`swap provider ${quote.provider} is not served`);
  return provider;
}

/** A stored quote as its provider reads it: everything its transaction is built from. */
export function boundQuote(quote: StoredQuote): BoundQuote {
  const { anyErc20 } = providerOf(quote);
  return {
    input: swapAsset(quote.inputToken, "inputToken", anyErc20),
    output: swapAsset(quote.outputToken, "outputToken", anyErc20),
    inputAmount: BigInt(quote.inputAmount),
    signer: quote.signer as `0x${string}`,
    clientFeeBps: quote.clientFeeBps,
    slippageBps: quote.slippageBps,
    minOutputAmount: BigInt(quote.minOutputAmount),
    feeReceiver: quote.feeReceiver as `0x${string}`,
    providerData: quote.providerData ?? undefined,
  };
}

/**
 * The calls a stored quote executes, built by its provider: what execute_swap sends and, before
 * that, what the policies judge as `eth.tx.*` (the same calls, so a policy sees exactly what runs).
 */
export function quoteCalls(quote: StoredQuote): TEthSendTransactionParams["calls"] {
  return providerOf(quote).buildCalls(boundQuote(quote));
}
