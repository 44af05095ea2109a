import { parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { SEEDED_TOKENS } from "../evm/seeded-tokens";
import { faucet } from "../faucet";

/** get_nonces, list_supported_assets and get_wallet_address_balances against the local EVM devnet. */

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let address: string;
const [USDC, WETH] = SEEDED_TOKENS as [(typeof SEEDED_TOKENS)[0], (typeof SEEDED_TOKENS)[0]];
let solanaAddress: string;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Reader");
  const created = await t.call<{ activity: TActivity }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
      walletName: "Treasury",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
        {
          curve: "CURVE_ED25519",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/501'/0'/0'",
          addressFormat: "ADDRESS_FORMAT_SOLANA",
        },
      ],
    }),
    org.key,
  );
  [address, solanaAddress] = (created.body.activity.result as { createWalletResult: { addresses: string[] } })
    .createWalletResult.addresses as [string, string];
});
afterAll(async () => t?.close());

const ask = <T = Record<string, unknown>>(path: string, body: Record<string, unknown>, who = org) =>
  t.call<T & { message: string }>("query", path, { organizationId: who.organizationId, ...body }, who.key);

describe("chain queries", () => {
  it("lists each chain's native coin as CAIP-19 and a local devnet's seeded tokens", async () => {
    expect((await ask("list_supported_assets", { caip2: "eip155:137" })).body).toEqual({
      assets: [
        {
          caip19: "eip155:137/slip44:60",
          symbol: "POL",
          decimals: 18,
          name: "Polygon Ecosystem Token",
          stable: false,
        },
        {
          caip19: `eip155:137/erc20:${USDC.address.toLowerCase()}`,
          symbol: "USDC",
          decimals: 6,
          name: "USD Coin (Latchkey devnet)",
          stable: true,
        },
        {
          caip19: `eip155:137/erc20:${WETH.address.toLowerCase()}`,
          symbol: "WETH",
          decimals: 18,
          name: "Wrapped Ether (Latchkey devnet)",
          stable: false,
        },
      ],
    });
    const solana = await ask<{ assets: { caip19: string; symbol: string; decimals: number }[] }>(
      "list_supported_assets",
      { caip2: "solana:devnet" },
    );
    expect(solana.body.assets.map(({ caip19, symbol, decimals }) => ({ caip19, symbol, decimals }))).toEqual([
      { caip19: "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/slip44:501", symbol: "SOL", decimals: 9 },
      {
        caip19: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1/token:${DEVNET_USDC_MINT}`,
        symbol: "USDC",
        decimals: 6,
      },
    ]);
    const unknown = await ask("list_supported_assets", { caip2: "eip155:56" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/caip2/);
  });

  it("lists only the native coin on a chain served by a configured node, where no seeded token exists", async () => {
    const configured = await startTestApp({
      env: { LATCHKEY_RPC_URLS: "eip155:8453=http://127.0.0.1:9/rpc" },
    });
    try {
      const who = await configured.newOrganization("Configured");
      const res = await configured.call<{ assets: { symbol: string }[] }>(
        "query",
        "list_supported_assets",
        { organizationId: who.organizationId, caip2: "eip155:8453" },
        who.key,
      );
      expect(res.body.assets.map((a) => a.symbol)).toEqual(["ETH"]);
    } finally {
      await configured.close();
    }
  });

  it("reads a wallet account's non-zero balances in base units and for display, tokens beside ETH, in any address case", async () => {
    const client = await t.app.chains.rpc("eip155:1");
    const balances = () =>
      ask<{ balances: unknown[] }>("get_wallet_address_balances", {
        address: address.toLowerCase(),
        caip2: "eip155:1",
      });
    expect((await balances()).body).toEqual({ balances: [] });
    await client.call("anvil_setBalance", [address, toHex(parseEther("2.5"))]);
    await faucet(client, t.app.chains.info("eip155:1")!, [
      address,
      `eip155:1/erc20:${USDC.address}`,
      "1234500",
    ]);
    const res = await balances();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.balances).toEqual([
      {
        caip19: "eip155:1/slip44:60",
        symbol: "ETH",
        name: "Ether",
        decimals: 18,
        balance: parseEther("2.5").toString(),
        // USD at the default LATCHKEY_USD_PRICES (ETH=3000, USDC=1).
        display: { crypto: "2.5", usd: "7500" },
      },
      {
        caip19: `eip155:1/erc20:${USDC.address.toLowerCase()}`,
        symbol: "USDC",
        name: "USD Coin (Latchkey devnet)",
        decimals: 6,
        balance: "1234500",
        display: { crypto: "1.2345", usd: "1.2345" },
      },
    ]);
  });

  it("answers balances only for the organization's own wallet accounts", async () => {
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect((await ask("get_wallet_address_balances", { address: stranger, caip2: "eip155:1" })).status).toBe(
      404,
    );
    const other = await t.newOrganization("Other");
    expect((await ask("get_wallet_address_balances", { address, caip2: "eip155:1" }, other)).status).toBe(
      404,
    );
    // An EVM address asked of a Solana cluster: the chain refuses it, and the caller is told why.
    const solana = await ask("get_wallet_address_balances", { address, caip2: "solana:mainnet" });
    expect(solana.status).toBe(400);
    expect(solana.body.message).toMatch(/not a base58 32-byte address/);
  });

  it("reads a Solana account's SOL and seeded USDC, funded through the local faucet", async () => {
    const caip2 = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
    const client = await t.app.chains.rpc(caip2);
    await client.call("latchkey_faucet", [solanaAddress, "native", "1500000000"]);
    await client.call("latchkey_faucet", [solanaAddress, `${caip2}/token:${DEVNET_USDC_MINT}`, "2500000"]);
    const res = await ask<{ balances: { caip19: string; balance: string; display: { crypto: string } }[] }>(
      "get_wallet_address_balances",
      { address: solanaAddress, caip2: "solana:mainnet" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.balances.map(({ caip19, balance, display }) => [caip19, balance, display.crypto]),
    ).toEqual([
      [`${caip2}/slip44:501`, "1500000000", "1.5"],
      [`${caip2}/token:${DEVNET_USDC_MINT}`, "2500000", "2.5"],
    ]);
  });

  it("gives the next nonce and, for an account never delegated, a gas station nonce of 0", async () => {
    expect((await ask("get_nonces", { address, caip2: "eip155:8453", nonce: true })).body).toEqual({
      nonce: "0",
    });
    const station = await ask("get_nonces", { address, caip2: "eip155:8453", gasStationNonce: true });
    expect(station.body).toEqual({ nonce: "0", gasStationNonce: "0" });
    expect(
      (await ask("get_nonces", { address, caip2: "eip155:8453", nonce: false, gasStationNonce: true })).body,
    ).toEqual({ gasStationNonce: "0" });
    expect((await ask("get_nonces", { address: "0x12", caip2: "eip155:8453" })).status).toBe(400);
  });
});
