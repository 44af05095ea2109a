import type { ChainInfo } from "@/lib/api/chains";

/** Millionths of a USD per whole coin, by symbol: what a sponsored fee is counted at, and Earn's fixed prices. */
export type UsdPrices = Record<string, bigint>;

/**
 * Illustrative prices for the local devnets' coins and tokens (USDC for Earn; WETH is priced as
 * ETH). An operator who sponsors on real networks sets LATCHKEY_USD_PRICES to prices they keep
 * current, since the USD limits are only as right as these (Earn may use a price API instead:
 * server/earn/price-source.ts).
 */
export const DEFAULT_USD_PRICES = "ETH=3000,POL=0.25,SOL=150,USDC=1";

const MICROS = 1_000_000n;

function parseUsd(raw: string): bigint | undefined {
  const m = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(raw);
  if (!m) return undefined;
  return BigInt(m[1]!) * MICROS + BigInt((m[2] ?? "").padEnd(6, "0"));
}

/** `LATCHKEY_USD_PRICES`: comma-separated `SYMBOL=usd` pairs; refuses a malformed entry, naming it. */
export function parseUsdPrices(raw: string | undefined): UsdPrices {
  const prices: UsdPrices = {};
  for (const entry of (raw || DEFAULT_USD_PRICES)
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [symbol, usd] = entry.split("=").map((s) => s.trim());
    const micros = usd === undefined ? undefined : parseUsd(usd);
    if (!symbol || micros === undefined) {
      throw new Error(`LATCHKEY_USD_PRICES entry "${entry}" is not SYMBOL=usd (e.g. ETH=3000)`);
    }
    prices[symbol.toUpperCase()] = micros;
  }
  return prices;
}

/** A fee in the chain's base units, in USD micros, rounded up: sponsored spend is never undercounted. */
export function feeInUsdMicros(prices: UsdPrices, chain: ChainInfo, feeBaseUnits: bigint): bigint {
  const price = prices[chain.nativeSymbol.toUpperCase()];
  if (price === undefined) return 0n;
  const scale = 10n ** BigInt(chain.nativeDecimals);
  return (feeBaseUnits * price + scale - 1n) / scale;
}

/** USD micros → the API's decimal string ("12.5", "0.000001", "0"). */
export function formatUsd(micros: bigint): string {
  const whole = micros / MICROS;
  const fraction = (micros % MICROS).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

export const usdToMicros = (usd: string): bigint => parseUsd(usd) ?? 0n;
