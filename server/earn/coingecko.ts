import { type PriceSource, pricedSymbol } from "./prices";

/**
 * CoinGecko's public "simple price" API (GET /api/v3/simple/price?ids=…&vs_currencies=usd, answered
 * as {"<id>": {"usd": <number>}}) as a PriceSource. All known coins are asked for in one request,
 * kept for `ttlMs`; when a refresh fails, the last prices are used for up to `staleMs` more, after
 * which the failure is reported (a price far out of date would misstate the catalog's 100k minimum).
 */
export interface CoinGeckoOptions {
  /** https://api.coingecko.com (a demo key is optional), https://pro-api.coingecko.com, or a fake. */
  baseUrl: string;
  apiKey?: string;
  ttlMs?: number;
  staleMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** CoinGecko's coin ids by the symbol Latchkey prices (wrapped coins are priced as their coin). */
export const COINGECKO_IDS: Record<string, string> = {
  ETH: "ethereum",
  USDC: "usd-coin",
  POL: "polygon-ecosystem-token",
  SOL: "solana",
};

export class PriceUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PriceUnavailable";
  }
}

/** By name, not instanceof (a bundler may load two copies of this module). */
export const isPriceUnavailable = (error: unknown): error is PriceUnavailable =>
  error instanceof Error && error.name === "PriceUnavailable";

export function coinGeckoPriceSource(options: CoinGeckoOptions): PriceSource {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 60_000;
  const staleMs = options.staleMs ?? 15 * 60_000;
  let cached: { at: number; prices: Record<string, bigint> } | undefined;
  let inFlight: Promise<Record<string, bigint>> | undefined;

  const fetchPrices = async (): Promise<Record<string, bigint>> => {
    const url = new URL("/api/v3/simple/price", options.baseUrl);
    url.searchParams.set("ids", Object.values(COINGECKO_IDS).join(","));
    url.searchParams.set("vs_currencies", "usd");
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.apiKey) {
      const pro = url.hostname.startsWith("pro-api.");
      headers[pro ? "x-cg-pro-api-key" : "x-cg-demo-api-key"] = options.apiKey;
    }
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
    if (!response.ok) throw new PriceUnavailable(`CoinGecko answered HTTP ${response.status}`);
    const body = (await response.json()) as Record<string, { usd?: unknown } | undefined>;
    const prices: Record<string, bigint> = {};
    for (const [symbol, id] of Object.entries(COINGECKO_IDS)) {
      const usd = body?.[id]?.usd;
      // Finite and non-negative, to 6 decimals: USD micros, as the fixed table holds them.
      if (typeof usd === "number" && Number.isFinite(usd) && usd >= 0)
        prices[symbol] = BigInt(Math.round(usd * 1e6));
    }
    if (Object.keys(prices).length === 0) throw new PriceUnavailable("CoinGecko's answer held no USD price");
    return prices;
  };

  const current = async (): Promise<Record<string, bigint>> => {
    if (cached && now() - cached.at < ttlMs) return cached.prices;
    inFlight ??= fetchPrices().finally(() => {
      inFlight = undefined;
    });
    try {
      const prices = await inFlight;
      cached = { at: now(), prices };
      return prices;
    } catch (error) {
      if (cached && now() - cached.at < ttlMs + staleMs) return cached.prices;
      throw error instanceof PriceUnavailable
        ? error
        : new PriceUnavailable(`CoinGecko could not be reached: ${(error as Error).message}`);
    }
  };

  return { usdPrice: async (symbol) => (await current())[pricedSymbol(symbol)] };
}
