import { formatUnits } from "viem";
import { formatUsd, type UsdPrices } from "../gas-station/prices";

/**
 * Where Earn's USD figures (`display` fields, the catalog's 100k USD minimum) come from. The
 * embedded default is the fixed table of LATCHKEY_USD_PRICES (the same table sponsored fees are
 * counted with: one place to keep prices); LATCHKEY_PRICE_SOURCE=coingecko asks CoinGecko's public
 * "simple price" API instead (coingecko.ts).
 */
export interface PriceSource {
  /** USD micros per whole unit of `symbol`, or undefined when the source has no price for it. */
  usdPrice(symbol: string): Promise<bigint | undefined>;
}

/** A wrapped coin is priced as its coin: the tables and the price APIs name the coin. */
const WRAPPED: Record<string, string> = { WETH: "ETH", WPOL: "POL", WMATIC: "POL", WSOL: "SOL" };
export const pricedSymbol = (symbol: string) => {
  const upper = symbol.toUpperCase();
  return WRAPPED[upper] ?? upper;
};

export function fixedPriceSource(table: UsdPrices): PriceSource {
  return { usdPrice: async (symbol) => table[symbol.toUpperCase()] ?? table[pricedSymbol(symbol)] };
}

/** `amount` base units at `priceMicros` per whole unit, in USD micros (rounded down). */
export const toUsdMicros = (amount: bigint, decimals: number, priceMicros: bigint) =>
  (amount * priceMicros) / 10n ** BigInt(decimals);

/** The USD micros `amount` base units of `symbol` are worth, or undefined without a price. */
export async function usdValue(
  source: PriceSource,
  symbol: string,
  amount: bigint,
  decimals: number,
): Promise<bigint | undefined> {
  const price = await source.usdPrice(symbol);
  return price === undefined ? undefined : toUsdMicros(amount, decimals, price);
}

/** The reference's EarnValueDisplay: decimal strings for people, never for arithmetic. */
export function earnValueDisplay(amount: bigint, decimals: number, usdMicros: bigint | undefined) {
  return {
    crypto: formatUnits(amount, decimals),
    ...(usdMicros === undefined ? {} : { usd: formatUsd(usdMicros) }),
  };
}
