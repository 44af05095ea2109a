import type { AppContext } from "../context";
import { invalid } from "../errors";
import { localCrossChainProvider } from "./cross-chain-provider";
import { localEvmProvider } from "./local-evm-provider";
import type { SwapProvider } from "./provider";

const PROVIDERS: Record<string, SwapProvider> = {
  [localEvmProvider.name]: localEvmProvider,
  [localCrossChainProvider.name]: localCrossChainProvider,
};

/**
 * The provider that quotes on a chain. Only local devnets have the seeded pools: a chain served by
 * a configured node (LATCHKEY_RPC_URLS) has no provider until a real aggregator adapter exists.
 */
export function providerForChain(app: AppContext, caip2: string, field: string): SwapProvider {
  if (app.config.rpcUrls[caip2]) {
    throw invalid(`no swap provider serves ${caip2}: swaps run on the local devnets only`, field);
  }
  return localEvmProvider;
}

/** The provider between two chains: the local cross-chain provider, between local devnets only. */
export function providerForChains(app: AppContext, origin: string, destination: string): SwapProvider {
  for (const [caip2, field] of [
    [origin, "inputToken"],
    [destination, "outputToken"],
  ] as const) {
    if (app.config.rpcUrls[caip2]) {
      throw invalid(
        `no cross-chain swap provider serves ${caip2}: cross-chain swaps run between the local devnets only`,
        field,
      );
    }
  }
  return localCrossChainProvider;
}

export const providerNamed = (name: string): SwapProvider | undefined => PROVIDERS[name];
