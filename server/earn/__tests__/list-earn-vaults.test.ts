import { createWalletClient, erc20Abi, parseUnits } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TEarnVault } from "@/lib/api/earn";
import { faucetCall, routeTransport } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { LOCAL_YIELD_VAULT } from "../contracts";
import { LOCAL_VAULTS } from "../local-world";

/** list_earn_vaults over the local world: TVL and APY from the chain, the 100k USD cut, pages. */

type Org = { organizationId: string; userId: string; key: TestKey };
type Answer = {
  vaults: TEarnVault[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor?: string; endCursor?: string };
  message: string;
};
let t: TestApp;
let org: Org;
const [USDC, WETH] = SEEDED_TOKENS as [(typeof SEEDED_TOKENS)[0], (typeof SEEDED_TOKENS)[0]];
const [morphoUsdc, aaveUsdc, morphoWeth] = LOCAL_VAULTS as [
  (typeof LOCAL_VAULTS)[0],
  (typeof LOCAL_VAULTS)[0],
  (typeof LOCAL_VAULTS)[0],
];
const asset = (caip2: string, address: string) => `${caip2}/erc20:${address.toLowerCase()}`;
const list = (body: Record<string, unknown>, app: TestApp = t, who: Org = org) =>
  app.call<Answer>("query", "list_earn_vaults", { organizationId: who.organizationId, ...body }, who.key);
const enableEarn = (app: TestApp, who: Org) =>
  app.call(
    "submit",
    "set_organization_feature",
    app.activity("ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", who.organizationId, {
      name: "FEATURE_NAME_EARN_CONFIG",
      value: "",
    }),
    who.key,
  );

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Treasury");
});
afterAll(async () => t?.close());

describe("list_earn_vaults", () => {
  it("is refused until the organization enables FEATURE_NAME_EARN_CONFIG", async () => {
    const refused = await list({ caip19: asset("eip155:1", USDC.address) });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Earn is not enabled.*FEATURE_NAME_EARN_CONFIG/);
    expect((await enableEarn(t, org)).status).toBe(200);
  });

  it("lists the vaults of an asset at 100k USD of TVL or more, with TVL and APY read from the chain", async () => {
    const usdc = await list({ caip19: asset("eip155:1", USDC.address) });
    expect(usdc.status).toBe(200);
    // The Aave-like USDC vault holds 60k: below the minimum.
    expect(usdc.body.vaults).toEqual([
      {
        vaultAddress: morphoUsdc.address,
        provider: "EARN_PROVIDER_MORPHO",
        caip19: asset("eip155:1", USDC.address),
        tvl: expect.stringMatching(/^\d+$/),
        apyPct: "0.0650",
        enabled: false,
        display: {
          crypto: expect.stringMatching(/^2500\d{3}(\.\d+)?$/),
          usd: expect.stringMatching(/^2500\d{3}/),
        },
        name: "Latchkey Devnet Prime USDC",
        curator: "Latchkey Devnet Curators",
      },
    ]);
    expect(BigInt(usdc.body.vaults[0]!.tvl)).toBeGreaterThanOrEqual(morphoUsdc.seedDeposit);
    const weth = await list({ caip19: asset("eip155:8453", WETH.address) });
    expect(weth.body.vaults.map((v) => [v.vaultAddress, v.apyPct, v.display.usd?.slice(0, 4)])).toEqual([
      [morphoWeth.address, "0.0310", "1200"], // 40 WETH at 3000: 120k USD
    ]);
  });

  it("follows the chain: a deposit that lifts a vault over 100k USD puts it in the catalog, and pages by vault", async () => {
    const depositor = privateKeyToAccount(generatePrivateKey());
    const amount = parseUnits("50000", 6);
    await faucetCall(t, "eip155:1", [depositor.address, "native", parseUnits("1", 18).toString()]);
    await faucetCall(t, "eip155:1", [depositor.address, asset("eip155:1", USDC.address), amount.toString()]);
    const wallet = createWalletClient({
      account: depositor,
      chain: mainnet,
      transport: routeTransport(t, "eip155:1"),
    });
    await wallet.writeContract({
      address: USDC.address,
      abi: erc20Abi,
      functionName: "approve",
      args: [aaveUsdc.address, amount],
    });
    await wallet.writeContract({
      address: aaveUsdc.address,
      abi: LOCAL_YIELD_VAULT.abi,
      functionName: "deposit",
      args: [amount, depositor.address],
      gas: 300_000n, // room for the vault's block.timestamp write landing in a later second than an estimate
    });
    const caip19 = asset("eip155:1", USDC.address);
    const all = await list({ caip19 });
    expect(all.body.vaults.map((v) => [v.provider, v.apyPct])).toEqual([
      ["EARN_PROVIDER_MORPHO", "0.0650"],
      ["EARN_PROVIDER_AAVE", "0.0420"], // 110k now, sorted after 2.5M
    ]);
    expect(all.body.vaults[1]!.name).toBe("USDC");
    expect(all.body.vaults[1]!.curator).toBe("");

    const first = await list({ caip19, paginationOptions: { limit: "1" } });
    expect(first.body.vaults.map((v) => v.vaultAddress)).toEqual([morphoUsdc.address]);
    expect(first.body.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await list({
      caip19,
      paginationOptions: { limit: "1", after: first.body.pageInfo.endCursor },
    });
    expect(second.body.vaults.map((v) => v.vaultAddress)).toEqual([aaveUsdc.address]);
    expect(second.body.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await list({ caip19, paginationOptions: { before: aaveUsdc.address.toLowerCase() } });
    expect(back.body.vaults.map((v) => v.vaultAddress)).toEqual([morphoUsdc.address]);
    const aaveOnly = await list({ caip19, provider: "EARN_PROVIDER_AAVE" });
    expect(aaveOnly.body.vaults.map((v) => v.vaultAddress)).toEqual([aaveUsdc.address]);
  });

  it("refuses assets off the Earn chains, malformed CAIP-19s and unknown cursors with a 400 naming the field", async () => {
    const offChain = await list({ caip19: asset("eip155:11155111", USDC.address) });
    expect(offChain.status).toBe(400);
    expect(offChain.body.message).toMatch(
      /not an Earn chain.*eip155:1, eip155:8453, eip155:42161, eip155:137/,
    );
    for (const caip19 of [
      "eip155:1/slip44:60",
      "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp/token:abc",
      "eip155:1/erc20:0x12",
    ]) {
      const bad = await list({ caip19 });
      expect(bad.status, caip19).toBe(400);
      expect(bad.body.message).toMatch(/caip19/);
    }
    const cursor = await list({
      caip19: asset("eip155:1", USDC.address),
      paginationOptions: { after: "0x0000000000000000000000000000000000000001" },
    });
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toMatch(/paginationOptions\.after|not in this list/);
    // An asset with no vaults is an empty catalog, not an error.
    const none = await list({ caip19: asset("eip155:1", "0x000000000000000000000000000000000000dEaD") });
    expect(none.body).toEqual({ vaults: [], pageInfo: { hasNextPage: false, hasPreviousPage: false } });
  });

  it("is a 503 naming the price source when its prices cannot be had, never a 500", async () => {
    const other = await startTestApp({
      env: { LATCHKEY_PRICE_SOURCE: "coingecko", LATCHKEY_COINGECKO_URL: "http://127.0.0.1:9" },
    });
    try {
      const who = await other.newOrganization("No prices");
      await enableEarn(other, who);
      const answer = await list({ caip19: asset("eip155:1", USDC.address) }, other, who);
      expect(answer.status).toBe(503);
      expect(answer.body.message).toMatch(/no USD price of USDC.*CoinGecko/);
    } finally {
      await other.close();
    }
  });
});
