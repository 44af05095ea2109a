import { describe, expect, it } from "vitest";
import type { TAssetBalance } from "../api/assets";
import { formatUsdCents, summarizeBalances } from "./balance-summary";

const eth = (balance: string, usd?: string): TAssetBalance => ({
  caip19: "eip155:1/slip44:60",
  symbol: "ETH",
  name: "Ether",
  decimals: 18,
  balance,
  display: { crypto: "", ...(usd ? { usd } : {}) },
});
const sol = (balance: string): TAssetBalance => ({
  caip19: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/slip44:501",
  symbol: "SOL",
  name: "Solana",
  decimals: 9,
  balance,
  display: { crypto: "" },
});

describe("balances summary", () => {
  it("sums each asset over the addresses exactly, with its USD, priced first", () => {
    const summary = summarizeBalances([
      { caip2: "eip155:1", balances: [eth("2500000000000000000", "7500")] },
      { caip2: "eip155:1", balances: [eth("100000000000000001", "300.000003")] },
      { caip2: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", balances: [sol("1500000000")] },
    ]);
    expect(summary.assets).toEqual([
      expect.objectContaining({
        chainName: "Ethereum",
        symbol: "ETH",
        display: "2.600000000000000001",
        usdCents: 780000n,
        holders: 2,
      }),
      expect.objectContaining({ chainName: "Solana", symbol: "SOL", display: "1.5", usdCents: undefined }),
    ]);
    expect(summary.usdCents).toBe(780000n);
    expect(summary.unpriced).toBe(true);
    expect(formatUsdCents(summary.usdCents)).toBe("$7,800.00");
  });

  it("is empty, $0.00 and fully priced when nothing is held", () => {
    expect(summarizeBalances([{ caip2: "eip155:1", balances: [] }])).toEqual({
      assets: [],
      usdCents: 0n,
      unpriced: false,
    });
    expect(formatUsdCents(123456789n)).toBe("$1,234,567.89");
  });
});
