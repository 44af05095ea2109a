import type { AppContext } from "../context";
import { invalid } from "../errors";
import { localCrossChainProvider } from "./cross-chain-provider";
import { localEvmProvider } from "./local-evm-provider";
import type { SwapProvider } from "./provider";
import { ZERO_EX, zeroExProvider } from "./zero-ex/provider";

/** Every provider a stored quote may name; these rebuild and read quotes, none of them quotes. */
const PROVIDERS: Record<string, SwapProvider> = {
  [localEvmProvider.name]: localEvmProvider,
  [ZERO_EX]: zeroExProvider(),
  [localCrossChainProvider.name]: localCrossChainProvider,
};

/**
 * The provider that quotes on a chain: 0x for the chains LATCHKEY_SWAP_0X_* configures, else the
 * seeded pools of a local devnet. A chain served by a configured node (LATCHKEY_RPC_URLS) has no
 * pools, so without 0x it has no provider.
 */
export function providerForChain(app: AppContext, caip2: string, field: string): SwapProvider {
  const zeroEx = app.config.swap0x;
  if (zeroEx?.chains.includes(caip2)) return zeroExProvider(zeroEx);
  if (app.config.rpcUrls[caip2]) {
    throw invalid(
      `no swap provider serves ${caip2}: the local pools run on the local devnets only, and 0x is not configured for it (LATCHKEY_SWAP_0X_API_KEY, LATCHKEY_SWAP_0X_CHAINS)`,
      field,
    );
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
