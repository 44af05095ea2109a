import type { Config } from "../config";
import { coinGeckoPriceSource } from "./coingecko";
import { fixedPriceSource, type PriceSource } from "./prices";

/** The price source the configuration names (one per process: the CoinGecko source caches). */
export function priceSourceFor(
  config: Pick<Config, "priceSource" | "usdPrices" | "rpcTimeoutMs">,
): PriceSource {
  const source = config.priceSource;
  if (source.kind === "coingecko") {
    return coinGeckoPriceSource({
      baseUrl: source.url,
      apiKey: source.apiKey,
      timeoutMs: config.rpcTimeoutMs,
    });
  }
  return fixedPriceSource(config.usdPrices);
}

const perApp = new WeakMap<object, PriceSource>();

/** The application's one price source (made on first use, so a CoinGecko cache lives as long as it). */
export function earnPrices(app: { config: Config }): PriceSource {
  let source = perApp.get(app);
  if (!source) {
    source = priceSourceFor(app.config);
    perApp.set(app, source);
  }
  return source;
}
