import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { erc20Abi, keccak256, parseEther, parseUnits, toBytes, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TEarnEnabledVault, TEarnPosition } from "@/lib/api/earn-wrappers";
import { type AnvilDevnet, startAnvil } from "../../chains/devnets/anvil";
import { ensureDelegateDeployed } from "../../chains/evm/deploy-delegate";
import { prepareEvmDevnet } from "../../chains/evm/prepare-devnet";
import { mintSeededToken } from "../../chains/evm/seed-devnet";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { type JsonRpcClient, jsonRpcClient } from "../../chains/json-rpc";
import { runDueJobs } from "../../jobs/worker";
import { type SendScene, sendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp } from "../../testing/harness";
import { FEE_WRAPPER } from "../contracts";
import { EARN_OPERATOR_SEED, earnOperator, LOCAL_FACTORY, LOCAL_VAULTS } from "../local-world";
import { EARN_JOB_HANDLERS } from "../operator-send";
import { readContract } from "../read-contract";

/**
 * Earn on a chain served by a configured node, not a local devnet: a second Anvil started here
 * plays the network (eip155:8453 in LATCHKEY_RPC_URLS), holding contracts an operator deployed —
 * the same artifacts — and Latchkey learns the factory, the vaults and the operator's key from
 * LATCHKEY_EARN_NETWORKS and LATCHKEY_EARN_OPERATOR_KEY. Everything runs as on a local devnet:
 * catalog, deploy, deposit, yield, claim, withdraw; a configured chain without an entry is a 400.
 */
const CAIP2 = "eip155:8453";
const CHAIN_ID = 8453;
const USDC = SEEDED_TOKENS[0]!;
const WETH = SEEDED_TOKENS[1]!;
const vault = LOCAL_VAULTS.find((v) => v.token === USDC && v.provider === "EARN_PROVIDER_MORPHO")!;
const wethVault = LOCAL_VAULTS.find((v) => v.token === WETH && v.provider === "EARN_PROVIDER_MORPHO")!;
const HANDLERS = { ...SEND_JOB_HANDLERS, ...EARN_JOB_HANDLERS };
const NETWORKS = {
  [CAIP2]: {
    factory: LOCAL_FACTORY.address,
    vaults: [
      {
        provider: "EARN_PROVIDER_MORPHO",
        address: vault.address,
        name: "Configured Prime USDC",
        curator: "Network Curators",
        shareSymbol: "cfUSDC",
        asset: { address: USDC.address, symbol: "USDC", decimals: 6 },
      },
      {
        // As a real ERC-4626 vault would be: its APY from its share price over the last block.
        provider: "EARN_PROVIDER_MORPHO",
        address: wethVault.address,
        name: "Configured Prime WETH",
        shareSymbol: "cfWETH",
        asset: { address: WETH.address, symbol: "WETH", decimals: 18 },
        apy: { source: "sharePrice", lookbackBlocks: 1 },
      },
    ],
  },
};

let dir: string;
let devnet: AnvilDevnet;
let node: JsonRpcClient;
let s: SendScene;
let wrapperAddress: string;
type Answer = { activity: TActivity; message: string };

const submit = (path: string, type: string, parameters: Record<string, unknown>) =>
  s.submit(path, type, parameters) as Promise<{ status: number; body: Answer }>;
const accepted = async (path: string, type: string, parameters: Record<string, unknown>) => {
  const answer = await submit(path, type, parameters);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.activity.result as Record<string, Record<string, string>>;
};
const query = <T>(path: string, body: Record<string, unknown>) =>
  s.t.call<T & { message: string }>(
    "query",
    path,
    { organizationId: s.org.organizationId, ...body },
    s.org.key,
  );
async function settle(path: string, idKey: string, id: string) {
  for (let round = 0; round < 40; round++) {
    await runDueJobs(s.t.app, HANDLERS);
    const { body } = await query<{ status: string; error?: string }>(path, { [idKey]: id });
    if (body.status !== "PENDING") return body;
    s.t.clock.advance(1_000);
  }
  throw new Error(`${path} ${id} stayed PENDING`);
}
const usdcOf = (address: string) =>
  readContract<bigint>(node, USDC.address, erc20Abi, "balanceOf", [address]);
const positions = async () =>
  (await query<{ positions: TEarnPosition[] }>("list_earn_positions", { walletAddress: s.from })).body
    .positions;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "latchkey-earn-network-"));
  // The "network": its tokens and Earn contracts put there by its operator before Latchkey is told.
  devnet = await startAnvil({
    chainId: CHAIN_ID,
    stateDir: dir,
    logger: pino({ level: "silent" }),
    prepare: (client) => prepareEvmDevnet(client, CAIP2, CHAIN_ID),
  });
  node = jsonRpcClient(devnet.url());
  await ensureDelegateDeployed(node, { caip2: CAIP2, chainId: CHAIN_ID, local: true });
  await node.call("anvil_setBalance", [earnOperator.address, toHex(parseEther("100"))]);
  const t = await startTestApp({
    env: {
      // Arbitrum is configured too, at a port where nothing listens, and has no Earn entry.
      LATCHKEY_RPC_URLS: `${CAIP2}=${devnet.url()},eip155:42161=http://127.0.0.1:9`,
      LATCHKEY_EARN_NETWORKS: JSON.stringify(NETWORKS),
      LATCHKEY_EARN_OPERATOR_KEY: keccak256(toBytes(EARN_OPERATOR_SEED)),
    },
  });
  s = await sendScene(t, CAIP2);
  expect(s.t.app.chains.isLocal(CAIP2)).toBe(false);
  await node.call("anvil_setBalance", [s.from, toHex(parseEther("10"))]);
  await mintSeededToken(node, CHAIN_ID, USDC, s.from, parseUnits("1000", 6));
  await accepted("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", {
    name: "FEATURE_NAME_EARN_CONFIG",
    value: "",
  });
}, 180_000);
afterAll(async () => {
  await s?.close();
  await devnet?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("Earn on a configured chain", () => {
  it("refuses a configured chain that LATCHKEY_EARN_NETWORKS does not name, before touching it", async () => {
    const refused = await submit("earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
      vaultAddress: vault.address,
      chainCaip2: "eip155:42161",
      clientFeeBps: "1000",
      clientFeeWallet: s.from,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/eip155:42161.*LATCHKEY_EARN_NETWORKS/);
  });

  it("lists the configured vaults, read from the network's chain", async () => {
    const { status, body } = await query<{ vaults: Record<string, string>[] }>("list_earn_vaults", {
      caip19: `${CAIP2}/erc20:${USDC.address.toLowerCase()}`,
    });
    expect(status, body.message).toBe(200);
    expect(body.vaults).toHaveLength(1);
    expect(body.vaults[0]).toMatchObject({
      vaultAddress: vault.address,
      name: "Configured Prime USDC",
      curator: "Network Curators",
      apyPct: "0.0650",
    });
    // The seed deposit, plus the interest of the seconds the network has run (6.5% a year).
    const tvl = BigInt(body.vaults[0]!.tvl!);
    expect(tvl).toBeGreaterThanOrEqual(parseUnits("2500000", 6));
    expect(tvl).toBeLessThan(parseUnits("2500100", 6));
  });

  it("reads a vault's APY from its share price when it states no rate", async () => {
    // A day between the last two blocks: the vault's 3.10% shows in what a share redeems for.
    await node.call("evm_increaseTime", [24 * 3600]);
    await node.call("evm_mine", []);
    const { status, body } = await query<{ vaults: Record<string, string>[] }>("list_earn_vaults", {
      caip19: `${CAIP2}/erc20:${WETH.address.toLowerCase()}`,
    });
    expect(status, body.message).toBe(200);
    expect(body.vaults.map((v) => v.name)).toEqual(["Configured Prime WETH"]);
    expect(Number(body.vaults[0]!.apyPct)).toBeCloseTo(0.031, 3);
  });

  it("reports the configured Earn asset in the chain's assets and the account's balances", async () => {
    const caip19 = `${CAIP2}/erc20:${USDC.address.toLowerCase()}`;
    const listed = await query<{ assets: { caip19: string; symbol: string; decimals: number }[] }>(
      "list_supported_assets",
      { caip2: CAIP2 },
    );
    expect(listed.body.assets.map((a) => [a.caip19, a.symbol, a.decimals])).toEqual([
      [`${CAIP2}/slip44:60`, "ETH", 18],
      [caip19, "USDC", 6],
      [`${CAIP2}/erc20:${WETH.address.toLowerCase()}`, "WETH", 18],
    ]);
    const held = await query<{ balances: { caip19: string; balance: string }[] }>(
      "get_wallet_address_balances",
      { address: s.from, caip2: CAIP2 },
    );
    expect(held.body.balances.find((b) => b.caip19 === caip19)?.balance).toBe(
      parseUnits("1000", 6).toString(),
    );
  });

  it("deploys a wrapper signed by the configured operator, who pays the gas", async () => {
    const before = BigInt(await node.call<string>("eth_getBalance", [earnOperator.address, "latest"]));
    const result = await accepted("earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
      vaultAddress: vault.address,
      chainCaip2: CAIP2,
      clientFeeBps: "1000",
      clientFeeWallet: s.from,
    });
    wrapperAddress = result.earnDeployWrapperResult!.wrapperAddress!;
    const id = result.earnDeployWrapperResult!.deployRequestId!;
    expect(await settle("get_earn_deploy_status", "deployRequestId", id)).toMatchObject({
      status: "COMPLETED",
    });
    expect(await readContract<string>(node, wrapperAddress, FEE_WRAPPER.abi, "symbol")).toBe("lkcfUSDC");
    const after = BigInt(await node.call<string>("eth_getBalance", [earnOperator.address, "latest"]));
    expect(after).toBeLessThan(before); // paid, and not topped up: a real network's gas is real
  });

  it("deposits, earns with chain time, pays the client fee, and withdraws everything", async () => {
    const deposited = await accepted("earn_deposit", "ACTIVITY_TYPE_EARN_DEPOSIT", {
      wrapperAddress,
      signWith: s.from,
      chainCaip2: CAIP2,
      assets: parseUnits("1000", 6).toString(),
    });
    const depositId = deposited.earnDepositResult!.depositRequestId!;
    const depositStatus = await settle("get_earn_deposit_status", "depositRequestId", depositId);
    expect(depositStatus.status, depositStatus.error).toBe("COMPLETED");
    expect(await usdcOf(s.from)).toBe(0n);
    const [position] = await positions();
    expect(BigInt(position!.currentValue)).toBeGreaterThanOrEqual(parseUnits("1000", 6) - 1n);

    await node.call("evm_increaseTime", [365 * 24 * 3600]);
    await node.call("evm_mine", []);
    const [grown] = await positions();
    const net = Number(BigInt(grown!.currentValue) - BigInt(position!.currentValue)) / 1e9;
    expect(net).toBeGreaterThan(0.0552); // 6.5% × (1 − 0.15) on 1000 USDC, seconds aside
    expect(net).toBeLessThan(0.0554);
    const enabled = (
      await query<{ enabledVaults: TEarnEnabledVault[] }>("list_earn_enabled_vaults", {})
    ).body.enabledVaults.find((v) => v.wrapperAddress === wrapperAddress)!;
    expect(enabled).toMatchObject({ name: "Configured Prime USDC", netApyPct: "0.05525" });
    const claimable = BigInt(enabled.claimableClientFee);
    // The client's 10% of a year's 6.5% on 1000 USDC: about 6.5 USDC.
    expect(claimable).toBeGreaterThan(parseUnits("6.4", 6));

    const claim = await accepted("claim_earn_fees", "ACTIVITY_TYPE_CLAIM_EARN_FEES", { wrapperAddress });
    const claimId = claim.claimEarnFeesResult!.claimRequestId!;
    expect(await settle("get_claim_earn_fees_status", "claimRequestId", claimId)).toMatchObject({
      status: "COMPLETED",
    });
    const paid = await usdcOf(s.from);
    expect(paid).toBeGreaterThanOrEqual(claimable);
    expect(paid - claimable).toBeLessThan(100n); // the seconds between the read and the claim

    const withdrawn = await accepted("earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", {
      wrapperAddress,
      signWith: s.from,
      chainCaip2: CAIP2,
      amountValue: "MAX",
    });
    const withdrawId = withdrawn.earnWithdrawResult!.withdrawRequestId!;
    expect(await settle("get_earn_withdraw_status", "withdrawRequestId", withdrawId)).toMatchObject({
      status: "COMPLETED",
    });
    expect(await positions()).toEqual([]);
    expect((await usdcOf(s.from)) - paid).toBeGreaterThanOrEqual(BigInt(grown!.currentValue));
  });
});
