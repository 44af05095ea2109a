import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createPublicClient, erc20Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { arbitrum, mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { createChains } from "../chains";
import { evmAdapter } from "../evm/adapter";
import { devnetDeployer, SEEDED_TOKENS } from "../evm/seeded-tokens";
import { faucet } from "../faucet";
import { faucetCall, routeTransport } from "./rpc-scene";

/** The USDC-like and WETH-like tokens every local EVM devnet is seeded with, and their faucet. */

const silent = pino({ level: "silent" });
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const [USDC, WETH] = SEEDED_TOKENS as [(typeof SEEDED_TOKENS)[0], (typeof SEEDED_TOKENS)[0]];
const caip19 = (caip2: string, address: string) => `${caip2}/erc20:${address.toLowerCase()}`;
const stranger = () => privateKeyToAccount(generatePrivateKey()).address;

describe("seeded tokens", () => {
  it("sit at the same documented addresses on every chain id, deployed by the devnet deployer", async () => {
    // The README's addresses: a change here is a change every user's scripts would notice.
    expect(devnetDeployer.address).toBe("0xDcfa3F9Fbf8614d55761BD355C4AeA2fD1417499");
    expect(USDC.address).toBe("0x9feA6ba6Ac4cf5F794B84858f709063093b35d49");
    expect(WETH.address).toBe("0x878d011b9d6A197EBc5349fE229d40a3E580ad4E");
    for (const [caip2, chain] of [
      ["eip155:1", mainnet],
      ["eip155:42161", arbitrum],
    ] as const) {
      const client = createPublicClient({ chain, transport: routeTransport(t, caip2) });
      const read = (address: `0x${string}`, functionName: "symbol" | "name" | "decimals") =>
        client.readContract({ address, abi: erc20Abi, functionName });
      expect([await read(USDC.address, "symbol"), await read(USDC.address, "decimals")]).toEqual(["USDC", 6]);
      expect(await read(USDC.address, "name")).toBe("USD Coin (Latchkey devnet)");
      expect([await read(WETH.address, "symbol"), await read(WETH.address, "decimals")]).toEqual([
        "WETH",
        18,
      ]);
    }
  });

  it("are minted by latchkey_faucet; viem reads the balances over /rpc/eip155:1", async () => {
    const holder = stranger();
    expect(
      await faucetCall(t, "eip155:1", [holder, caip19("eip155:1", USDC.address), "2500000"]),
    ).toMatchObject({
      result: { balance: "2500000" },
    });
    // Any address case is the same asset; a second mint adds to the first.
    const wethAsset = `eip155:1/erc20:${WETH.address}`;
    await faucetCall(t, "eip155:1", [holder, wethAsset, "1000000000000000000"]);
    expect(await faucetCall(t, "eip155:1", [holder, wethAsset, "500000000000000000"])).toMatchObject({
      result: { balance: "1500000000000000000" },
    });
    const client = createPublicClient({ chain: mainnet, transport: routeTransport(t, "eip155:1") });
    const balanceOf = (address: `0x${string}`) =>
      client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [holder] });
    expect(await balanceOf(USDC.address)).toBe(2_500_000n);
    expect(await balanceOf(WETH.address)).toBe(1_500_000_000_000_000_000n);
    expect(
      await client.readContract({ address: USDC.address, abi: erc20Abi, functionName: "totalSupply" }),
    ).toBeGreaterThanOrEqual(2_500_000n);
  });

  it("refuses an asset it cannot mint, naming the ones it can", async () => {
    const res = await faucetCall(t, "eip155:8453", [stranger(), "eip155:8453/erc20:0xdead", "1"]);
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.message).toContain("eip155:8453/slip44:60");
    expect(res.error?.message).toContain(caip19("eip155:8453", USDC.address));
    expect(res.error?.message).toContain(caip19("eip155:8453", WETH.address));
    // A token of another chain is not this chain's asset.
    const elsewhere = await faucetCall(t, "eip155:8453", [stranger(), caip19("eip155:1", USDC.address), "1"]);
    expect(elsewhere.error?.message).toMatch(/asset must be one of/);
  });
});

describe("seeded tokens across restarts", () => {
  it("keep their addresses and balances on a restart, and are deployed again on a fresh state", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-tokens-"));
    const holder = stranger();
    const first = createChains({ rpcUrls: {}, dataDir, logger: silent });
    const info = first.info("eip155:11155111")!;
    await faucet(await first.rpc(info.caip2), info, [holder, caip19(info.caip2, USDC.address), "777"]);
    const nonceBefore = await evmAdapter(await first.rpc(info.caip2)).pendingNonce(devnetDeployer.address);
    await first.close();

    const second = createChains({ rpcUrls: {}, dataDir, logger: silent });
    const chain = evmAdapter(await second.rpc(info.caip2));
    expect(await chain.tokenBalance(USDC.address, holder)).toBe(777n);
    // Nothing was deployed again: the deployer's nonce is where the mint left it.
    expect(await chain.pendingNonce(devnetDeployer.address)).toBe(nonceBefore);
    await second.close();

    fs.rmSync(path.join(dataDir, "chains", "eip155-11155111", "state.json"));
    const fresh = createChains({ rpcUrls: {}, dataDir, logger: silent });
    const again = evmAdapter(await fresh.rpc(info.caip2));
    expect(await again.tokenBalance(USDC.address, holder)).toBe(0n);
    // Seeded again exactly as on the first start (tokens, then the swap pools' liquidity), without its mint.
    expect(await again.pendingNonce(devnetDeployer.address)).toBe(nonceBefore - 1n);
    expect(await again.code(USDC.address)).not.toBe("0x");
    await fresh.close();
  });
});
