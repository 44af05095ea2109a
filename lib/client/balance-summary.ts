import { displayAmount, type TAssetBalance } from "../api/assets";
import { chainInfo } from "../api/chains";

/** One chain's answer for one address: get_wallet_address_balances' balances. */
export interface BalanceRead {
  caip2: string;
  balances: readonly TAssetBalance[];
}

export interface AssetTotal {
  caip2: string;
  chainName: string;
  caip19: string;
  symbol: string;
  /** The sum in base units, shown with the asset's decimals. */
  display: string;
  /** USD for display, when every balance of the asset came with a price; whole cents. */
  usdCents?: bigint;
  /** How many of the organization's addresses hold some. */
  holders: number;
}

export interface BalanceSummary {
  assets: AssetTotal[];
  /** The sum of the priced assets, in cents. */
  usdCents: bigint;
  /** Some asset held had no price, so the USD total leaves it out. */
  unpriced: boolean;
}

/** The API's display USD ("7500", "1.2345") in cents, rounded down; display figures, never arithmetic on floats. */
function usdCents(usd: string): bigint | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(usd);
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0").slice(0, 2)) : undefined;
}

/**
 * The organization's holdings per chain and asset, summed over its addresses in base units
 * (exact), ordered by USD value then by name; the USD total counts the priced assets only.
 */
export function summarizeBalances(reads: readonly BalanceRead[]): BalanceSummary {
  const totals = new Map<string, AssetTotal & { units: bigint; decimals: number; priced: boolean }>();
  for (const read of reads) {
    for (const b of read.balances) {
      const total = totals.get(b.caip19) ?? {
        caip2: read.caip2,
        chainName: chainInfo(read.caip2)?.name ?? read.caip2,
        caip19: b.caip19,
        symbol: b.symbol,
        display: "0",
        holders: 0,
        units: 0n,
        decimals: b.decimals,
        priced: true,
      };
      total.units += BigInt(b.balance);
      total.holders++;
      const cents = b.display.usd === undefined ? undefined : usdCents(b.display.usd);
      if (cents === undefined) total.priced = false;
      else total.usdCents = (total.usdCents ?? 0n) + cents;
      totals.set(b.caip19, total);
    }
  }
  const assets = [...totals.values()].map(({ units, decimals, priced, ...total }) => ({
    ...total,
    display: displayAmount(units, decimals),
    usdCents: priced ? total.usdCents : undefined,
  }));
  assets.sort((a, b) => {
    const [ua, ub] = [a.usdCents ?? -1n, b.usdCents ?? -1n];
    if (ua !== ub) return ub > ua ? 1 : -1;
    return `${a.chainName} ${a.symbol}`.localeCompare(`${b.chainName} ${b.symbol}`);
  });
  return {
    assets,
    usdCents: assets.reduce((sum, a) => sum + (a.usdCents ?? 0n), 0n),
    unpriced: assets.some((a) => a.usdCents === undefined),
  };
}

/** Cents as US dollars for people: "$7,501.23". */
export function formatUsdCents(cents: bigint): string {
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `$${dollars}.${(cents % 100n).toString().padStart(2, "0")}`;
}
