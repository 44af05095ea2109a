import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import type { swapQuotes } from "../db/schema";
import { swapAsset } from "./assets";
import { providerNamed } from "./providers";

type StoredQuote = typeof swapQuotes.$inferSelect;

/**
 * The calls a stored quote executes, built by its provider: what execute_swap sends and, before
 * that, what the policies judge as `eth.tx.*` (the same calls, so a policy sees exactly what runs).
 */
export function quoteCalls(quote: StoredQuote): TEthSendTransactionParams["calls"] {
  const provider = providerNamed(quote.provider);
  if (!provider) throw new Error(`swap provider ${quote.provider} is not served`);
  return provider.buildCalls({
    input: swapAsset(quote.inputToken, "inputToken"),
    output: swapAsset(quote.outputToken, "outputToken"),
    inputAmount: BigInt(quote.inputAmount),
    signer: quote.signer as `0x${string}`,
    clientFeeBps: quote.clientFeeBps,
    slippageBps: quote.slippageBps,
    minOutputAmount: BigInt(quote.minOutputAmount),
    feeReceiver: quote.feeReceiver as `0x${string}`,
  });
}
