import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { COINGECKO_IDS, coinGeckoPriceSource } from "../coingecko";
import { priceSourceFor } from "../price-source";
import { earnValueDisplay, usdValue } from "../prices";

/**
 * Earn's price sources: the fixed table (LATCHKEY_USD_PRICES) and CoinGecko's simple price API,
 * against a local fake speaking CoinGecko's documented request and answer.
 */

interface FakeRequest {
  path: string;
  ids: string[];
  vs: string | null;
  headers: http.IncomingHttpHeaders;
}
let fake: http.Server;
let baseUrl: string;
const requests: FakeRequest[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push({
      path: url.pathname,
      ids: (url.searchParams.get("ids") ?? "").split(","),
      vs: url.searchParams.get("vs_currencies"),
      headers: req.headers,
    });
    if (url.pathname !== "/api/v3/simple/price") {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => fake.close(() => resolve())));

describe("the fixed price table", () => {
  it("is LATCHKEY_USD_PRICES, USDC at 1 by default, WETH priced as ETH", async () => {
    const prices = priceSourceFor(loadConfig({}));
    expect(await usdValue(prices, "USDC", 2_500_000_000_000n, 6)).toBe(2_500_000_000_000n); // 2.5M USD
    expect(await usdValue(prices, "WETH", 40n * 10n ** 18n, 18)).toBe(120_000_000_000n); // 120k USD
    expect(await prices.usdPrice("DOGE")).toBeUndefined();
    const custom = priceSourceFor(loadConfig({ LATCHKEY_USD_PRICES: "ETH=2500.5,USDC=0.999" }));
    expect(await usdValue(custom, "weth", 2n * 10n ** 18n, 18)).toBe(5_001_000_000n);
    expect(earnValueDisplay(1_234_567n, 6, 1_233_332n)).toEqual({ crypto: "1.234567", usd: "1.233332" });
    expect(earnValueDisplay(10n ** 18n, 18, undefined)).toEqual({ crypto: "1" });
  });

  it("refuses an unknown LATCHKEY_PRICE_SOURCE or a CoinGecko URL that is not http(s)", () => {
    expect(() => loadConfig({ LATCHKEY_PRICE_SOURCE: "oracle" })).toThrow(/"fixed" or "coingecko"/);
    expect(() =>
      loadConfig({ LATCHKEY_PRICE_SOURCE: "coingecko", LATCHKEY_COINGECKO_URL: "ftp://x" }),
    ).toThrow(/LATCHKEY_COINGECKO_URL/);
  });
});

describe("the CoinGecko adapter", () => {
  it("asks simple/price for every known coin in USD with the demo key, and converts the answer to USD micros", async () => {
    answer = {
      status: 200,
      body: { ethereum: { usd: 3120.55 }, "usd-coin": { usd: 0.999871 }, solana: { usd: 142 } },
    };
    requests.length = 0;
    const prices = priceSourceFor(
      loadConfig({
        LATCHKEY_PRICE_SOURCE: "coingecko",
        LATCHKEY_COINGECKO_URL: baseUrl,
        LATCHKEY_COINGECKO_API_KEY: "demo-key",
      }),
    );
    expect(await prices.usdPrice("WETH")).toBe(3_120_550_000n);
    expect(await usdValue(prices, "USDC", 100_000_000_000n, 6)).toBe(99_987_100_000n);
    expect(await prices.usdPrice("POL")).toBeUndefined(); // not in the answer
    expect(requests).toHaveLength(1); // one request served all three, from the cache
    expect(requests[0]!.path).toBe("/api/v3/simple/price");
    expect(requests[0]!.ids.sort()).toEqual(Object.values(COINGECKO_IDS).sort());
    expect(requests[0]!.vs).toBe("usd");
    expect(requests[0]!.headers["x-cg-demo-api-key"]).toBe("demo-key");
  });

  it("refreshes after its time to live, keeps the last prices through a short outage, then reports it", async () => {
    let clock = 0;
    answer = { status: 200, body: { ethereum: { usd: 3000 } } };
    requests.length = 0;
    const prices = coinGeckoPriceSource({ baseUrl, ttlMs: 1_000, staleMs: 5_000, now: () => clock });
    expect(await prices.usdPrice("ETH")).toBe(3_000_000_000n);
    answer = { status: 200, body: { ethereum: { usd: 3300.5 } } };
    clock = 500;
    expect(await prices.usdPrice("ETH")).toBe(3_000_000_000n);
    clock = 1_500;
    expect(await prices.usdPrice("ETH")).toBe(3_300_500_000n);
    expect(requests).toHaveLength(2);

    answer = { status: 429, body: { status: { error_code: 429, error_message: "rate limited" } } };
    clock = 3_000;
    expect(await prices.usdPrice("ETH")).toBe(3_300_500_000n); // stale but recent
    clock = 8_000;
    await expect(prices.usdPrice("ETH")).rejects.toThrow(/CoinGecko answered HTTP 429/);
  });

  it("reports an unreachable API or an answer without prices, never a made-up price", async () => {
    const down = coinGeckoPriceSource({ baseUrl: "http://127.0.0.1:9" });
    await expect(down.usdPrice("ETH")).rejects.toMatchObject({ name: "PriceUnavailable" });
    answer = { status: 200, body: { ethereum: { usd: "lots" }, "usd-coin": {} } };
    const odd = coinGeckoPriceSource({ baseUrl });
    await expect(odd.usdPrice("ETH")).rejects.toThrow(/no USD price/);
  });
});
