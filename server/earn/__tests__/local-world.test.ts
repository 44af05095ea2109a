import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { decodeFunctionResult, encodeFunctionData, type Hex, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chains, createChains } from "../../chains/chains";
import { evmAdapter } from "../../chains/evm/adapter";
import type { JsonRpcClient } from "../../chains/json-rpc";
import { parseUsdPrices } from "../../gas-station/prices";
import { FEE_WRAPPER_FACTORY, LOCAL_YIELD_VAULT } from "../contracts";
import { earnOperator, LOCAL_FACTORY, LOCAL_OPERATOR_FEE_BPS, LOCAL_VAULTS } from "../local-world";
import { fixedPriceSource, usdValue } from "../prices";
import { readContract } from "../read-contract";

/** The Earn world every local Earn chain gets at start-up: protocol vaults, TVL, the factory. */

const silent = pino({ level: "silent" });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-earn-world-"));
let chains: Chains;
beforeAll(() => {
  chains = createChains({ rpcUrls: {}, dataDir, logger: silent });
});
afterAll(async () => {
  await chains?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const vaultRead = <T>(client: JsonRpcClient, address: string, fn: string, args: unknown[] = []) =>
  readContract<T>(client, address, LOCAL_YIELD_VAULT.abi, fn, args);
const [morphoUsdc, aaveUsdc, morphoWeth, aaveWeth] = LOCAL_VAULTS as [
  (typeof LOCAL_VAULTS)[0],
  (typeof LOCAL_VAULTS)[0],
  (typeof LOCAL_VAULTS)[0],
  (typeof LOCAL_VAULTS)[0],
];

describe("the local Earn world", () => {
  it("reads a vault in a call simulated before its last accrual: no time passed, not an underflow", async () => {
    // anvil simulates calls at its clock's time, which falls behind the latest block's when it has
    // mined more than one block a second; the position pages read vaults in such calls.
    const client = await chains.rpc("eip155:8453");
    const lastAccrual = await vaultRead<bigint>(client, morphoUsdc.address, "lastAccrual");
    const accounted = await vaultRead<bigint>(client, morphoUsdc.address, "accountedAssets");
    const data = encodeFunctionData({ abi: LOCAL_YIELD_VAULT.abi, functionName: "totalAssets" });
    const earlier = { time: toHex(lastAccrual - 3600n) };
    const raw = await client.call<Hex>("eth_call", [{ to: morphoUsdc.address, data }, "latest", {}, earlier]);
    const total = decodeFunctionResult({
      abi: LOCAL_YIELD_VAULT.abi,
      functionName: "totalAssets",
      data: raw,
    });
    expect(total).toBe(accounted);
  });

  it("sits at the README's addresses, deployed by the devnet Earn operator", () => {
    // The README's addresses: a change here is a change every user's scripts would notice.
    expect(earnOperator.address).toBe("0x504CD8f147A0Ee885D1A6FbD9f8E0C36f65FeC7a");
    expect(LOCAL_VAULTS.map((v) => v.address)).toEqual([
      "0x78666e36022061e3860161C01a581341E4378FF4",
      "0xa5d075A254Ca1ba72E5a7D38Ec525E38B60daA3C",
      "0x72c735D65492AeA60bB7172f168e8Ae1f052A8D2",
      "0x794d5236000886aa6f8B17478419A0C815083a28",
    ]);
    expect(LOCAL_FACTORY.address).toBe("0x87F6614b9913d7787330A75FbC074697DF2e4D06");
  });

  it("gives each Earn chain both protocols' USDC and WETH vaults at different rates, seeded, and the factory", async () => {
    const prices = fixedPriceSource(parseUsdPrices(undefined));
    for (const caip2 of ["eip155:8453", "eip155:137"]) {
      const client = await chains.rpc(caip2);
      const usd: Record<string, number> = {};
      for (const v of LOCAL_VAULTS) {
        expect(await vaultRead(client, v.address, "asset"), `${caip2} ${v.shareSymbol}`).toBe(
          v.token.address,
        );
        expect(await vaultRead(client, v.address, "rateBps")).toBe(BigInt(v.rateBps));
        expect(await vaultRead(client, v.address, "symbol")).toBe(v.shareSymbol);
        const tvl = await vaultRead<bigint>(client, v.address, "totalAssets");
        expect(tvl).toBeGreaterThanOrEqual(v.seedDeposit);
        expect(tvl - v.seedDeposit).toBeLessThan(v.seedDeposit / 10_000n); // minutes of interest at most
        // The interest so far came out of the reserve: nothing is created or lost.
        expect((await vaultRead<bigint>(client, v.address, "reserve")) + (tvl - v.seedDeposit)).toBe(
          v.reserve,
        );
        usd[v.shareSymbol] = Number((await usdValue(prices, v.token.symbol, tvl, v.token.decimals))!) / 1e6;
      }
      // Two vaults above the catalog's 100k USD minimum, two below.
      expect(usd.dmUSDC).toBeGreaterThan(100_000);
      expect(usd.dmWETH).toBeGreaterThan(100_000);
      expect(usd.daUSDC).toBeLessThan(100_000);
      expect(usd.daWETH).toBeLessThan(100_000);
      const factory = (fn: string) =>
        readContract(client, LOCAL_FACTORY.address, FEE_WRAPPER_FACTORY.abi, fn);
      expect(await factory("operator")).toBe(earnOperator.address);
      expect(await factory("owner")).toBe(earnOperator.address);
      expect(await factory("operatorFeeBps")).toBe(LOCAL_OPERATOR_FEE_BPS);
    }
    expect(new Set(LOCAL_VAULTS.map((v) => v.rateBps)).size).toBe(LOCAL_VAULTS.length);
  });

  it("grows with chain time: a year of evm_increaseTime adds each vault's rate to its TVL", async () => {
    const client = await chains.rpc("eip155:8453");
    const read = (fn: string) =>
      Promise.all(LOCAL_VAULTS.map((v) => vaultRead<bigint>(client, v.address, fn)));
    const [accounted, before] = [await read("accountedAssets"), await read("totalAssets")];
    await client.call("evm_increaseTime", [365 * 24 * 3600]);
    await client.call("evm_mine", []);
    const after = await read("totalAssets");
    for (const [i, v] of LOCAL_VAULTS.entries()) {
      // Simple interest on what was accounted at the last touch: a year adds the rate (± seconds).
      const grownBps = (Number(after[i]! - before[i]!) / Number(accounted[i]!)) * 10_000;
      expect(grownBps, v.shareSymbol).toBeCloseTo(v.rateBps, 1);
    }
    expect(morphoUsdc.rateBps).toBeGreaterThan(aaveUsdc.rateBps);
    expect(morphoWeth.rateBps).toBeGreaterThan(aaveWeth.rateBps);
  });

  it("is left alone on a restart and deployed again on a fresh state; other chains do not get it", async () => {
    const caip2 = "eip155:42161";
    const nonceAfterStart = await evmAdapter(await chains.rpc(caip2)).pendingNonce(earnOperator.address);
    expect(nonceAfterStart).toBe(5n + 2n * BigInt(LOCAL_VAULTS.length)); // 5 deployments, approve + deposit each
    await chains.close();
    chains = createChains({ rpcUrls: {}, dataDir, logger: silent });
    const again = await chains.rpc(caip2);
    expect(await evmAdapter(again).pendingNonce(earnOperator.address)).toBe(nonceAfterStart);
    expect(await vaultRead<bigint>(again, morphoUsdc.address, "totalSupply")).toBeGreaterThan(0n);

    await chains.close();
    fs.rmSync(path.join(dataDir, "chains", "eip155-42161", "state.json"));
    chains = createChains({ rpcUrls: {}, dataDir, logger: silent });
    const fresh = await chains.rpc(caip2);
    expect(await vaultRead<bigint>(fresh, aaveWeth.address, "totalAssets")).toBeGreaterThanOrEqual(
      aaveWeth.seedDeposit,
    );
    const sepolia = await chains.rpc("eip155:11155111");
    expect(await sepolia.call("eth_getCode", [LOCAL_FACTORY.address, "latest"])).toBe("0x");
  });
});
