import { Turnkey } from "@turnkey/sdk-server";
import { createPublicClient, decodeEventLog, erc20Abi, http, parseUnits } from "viem";
import { mainnet } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEEDED_TOKENS } from "../../server/chains/evm/seeded-tokens";
import { FEE_SPLITTER } from "../../server/earn/contracts";
import { LOCAL_VAULTS } from "../../server/earn/local-world";
import { type RunningServer, startServer } from "../support/server";

/**
 * spec.md Earn end to end through @turnkey/sdk-server against the started server, on the local
 * eip155:1 devnet's real contracts: enable, deploy, deposit, time passes, fees claimed to the fee
 * wallet to the wei, pause (deposit refused, withdraw works), withdraw everything.
 */
const CAIP2 = "eip155:1";
const USDC = SEEDED_TOKENS[0]!;
const vault = LOCAL_VAULTS.find((v) => v.token === USDC && v.provider === "EARN_PROVIDER_MORPHO")!;
const CLIENT_FEE_BPS = 2000n;

let server: RunningServer;
let api: ReturnType<Turnkey["apiClient"]>;
let rpcUrl: string;
const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
};
const chain = () => createPublicClient({ chain: mainnet, transport: http(rpcUrl) });
const usdcOf = (owner: string) =>
  chain().readContract({
    address: USDC.address as `0x${string}`,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [owner as `0x${string}`],
  });

/** Poll a status query until it leaves PENDING (the server's job worker follows the transaction). */
async function settled<T extends { status: string }>(poll: () => Promise<T>): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const answer = await poll();
    if (answer.status !== "PENDING") return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("still PENDING after 20 s");
}

beforeAll(async () => {
  server = await startServer();
  rpcUrl = `${server.baseUrl}/rpc/${CAIP2}`;
  api = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
}, 120_000);
afterAll(async () => server?.stop());

describe("Earn through @turnkey/sdk-server", () => {
  let user: string;
  let feeWallet: string;
  let wrapperAddress: string;

  it("refuses an organization that has not enabled Earn", async () => {
    await expect(api.listEarnEnabledVaults({})).rejects.toThrow(/FEATURE_NAME_EARN_CONFIG/);
    await api.setOrganizationFeature({ name: "FEATURE_NAME_EARN_CONFIG", value: "" });
    expect((await api.listEarnEnabledVaults({})).enabledVaults ?? []).toEqual([]);
  });

  it("refuses a client fee above 4000 bps, naming the cap", async () => {
    const { addresses } = await api.createWallet({
      walletName: "Treasury",
      accounts: [0, 1].map((i) => ({
        curve: "CURVE_SECP256K1" as const,
        pathFormat: "PATH_FORMAT_BIP32" as const,
        path: `m/44'/60'/0'/0/${i}`,
        addressFormat: "ADDRESS_FORMAT_ETHEREUM" as const,
      })),
    });
    [user, feeWallet] = addresses as [string, string];
    await expect(
      api.earnDeployWrapper({
        vaultAddress: vault.address,
        chainCaip2: CAIP2,
        clientFeeBps: "4001",
        clientFeeWallet: feeWallet,
      }),
    ).rejects.toThrow(/clientFeeBps.*at most 4000/);
  });

  it("deploys a wrapper paid by the operator; the vault shows as enabled with its net APY", async () => {
    const deployed = await api.earnDeployWrapper({
      vaultAddress: vault.address,
      chainCaip2: CAIP2,
      clientFeeBps: CLIENT_FEE_BPS.toString(),
      clientFeeWallet: feeWallet,
    });
    wrapperAddress = deployed.wrapperAddress;
    const status = await settled(() =>
      api.getEarnDeployStatus({ deployRequestId: deployed.deployRequestId }),
    );
    expect(status).toMatchObject({
      status: "COMPLETED",
      deployTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await chain().getCode({ address: wrapperAddress as `0x${string}` })).toMatch(/^0x[0-9a-f]{100,}/);
    const [enabled] = (await api.listEarnEnabledVaults({})).enabledVaults!;
    // 6.50% gross, fees 2000 + 500 bps: 6.5% × 0.75 = 4.875%.
    expect(enabled).toMatchObject({
      wrapperAddress,
      vaultAddress: vault.address,
      apyPct: "0.0650",
      netApyPct: "0.04875",
      clientFeeBps: "2000",
      depositsDisabled: false,
      claimableClientFee: "0",
    });
    const catalog = await api.listEarnVaults({ caip19: `${CAIP2}/erc20:${USDC.address.toLowerCase()}` });
    expect(catalog.vaults!.find((v) => v.vaultAddress === vault.address)?.enabled).toBe(true);
  });

  it("deposits from a funded wallet account in one transaction; value and fees grow with chain time; the claim pays the client share to the wei", async () => {
    await rpc("latchkey_faucet", [user, "native", parseUnits("1", 18).toString()]);
    await rpc("latchkey_faucet", [user, `${CAIP2}/erc20:${USDC.address}`, parseUnits("10000", 6).toString()]);
    await expect(
      api.earnDeposit({
        wrapperAddress,
        signWith: user,
        chainCaip2: CAIP2,
        assets: parseUnits("20000", 6).toString(),
      }),
    ).rejects.toThrow(/above the balance/);
    const { depositRequestId } = await api.earnDeposit({
      wrapperAddress,
      signWith: user,
      chainCaip2: CAIP2,
      assets: parseUnits("10000", 6).toString(),
    });
    expect(await settled(() => api.getEarnDepositStatus({ depositRequestId }))).toMatchObject({
      status: "COMPLETED",
    });
    expect(await usdcOf(user)).toBe(0n);
    const [before] = (await api.listEarnPositions({ walletAddress: user })).positions!;
    expect(before).toMatchObject({ wrapperAddress, totalDeposited: "10000000000", totalWithdrawn: "0" });

    await rpc("evm_increaseTime", [30 * 24 * 3600]);
    await rpc("evm_mine", []);
    const [after] = (await api.listEarnPositions({ walletAddress: user })).positions!;
    expect(BigInt(after!.currentValue!)).toBeGreaterThan(BigInt(before!.currentValue!));
    const [enabled] = (await api.listEarnEnabledVaults({})).enabledVaults!;
    expect(BigInt(enabled!.claimableClientFee!)).toBeGreaterThan(0n);

    const feeBefore = await usdcOf(feeWallet);
    const { claimRequestId } = await api.claimEarnFees({ wrapperAddress });
    const claimed = await settled(() => api.getClaimEarnFeesStatus({ claimRequestId }));
    expect(claimed.status).toBe("COMPLETED");
    const receipt = await chain().getTransactionReceipt({ hash: claimed.claimTxHash as `0x${string}` });
    const event = receipt.logs
      .map((log) => {
        try {
          return decodeEventLog({ abi: FEE_SPLITTER.abi, data: log.data, topics: log.topics });
        } catch {
          return undefined;
        }
      })
      .find((e) => e?.eventName === "FeesClaimed");
    const { assets } = event!.args as unknown as { assets: bigint };
    // The client's share of what the splitter redeemed, rounded up: computed here, not read.
    const total = CLIENT_FEE_BPS + 500n;
    const clientShare = (assets * CLIENT_FEE_BPS + total - 1n) / total;
    expect(clientShare).toBeGreaterThan(0n);
    expect((await usdcOf(feeWallet)) - feeBefore).toBe(clientShare);
    expect((await api.listEarnEnabledVaults({})).enabledVaults![0]!.claimableClientFee).toMatch(/^[01]$/);
  });

  it("pauses deposits (refused) while withdrawals still work, then withdraws everything", async () => {
    await api.earnSetWrapperState({ wrapperAddress, depositsDisabled: true });
    await expect(
      api.earnDeposit({ wrapperAddress, signWith: user, chainCaip2: CAIP2, assets: "1" }),
    ).rejects.toThrow(/paused/);
    const part = await api.earnWithdraw({
      wrapperAddress,
      signWith: user,
      chainCaip2: CAIP2,
      amountValue: parseUnits("1000", 6).toString(),
    });
    expect(
      await settled(() => api.getEarnWithdrawStatus({ withdrawRequestId: part.withdrawRequestId })),
    ).toMatchObject({ status: "COMPLETED" });
    expect(await usdcOf(user)).toBeGreaterThanOrEqual(parseUnits("1000", 6));
    await expect(
      api.earnWithdraw({
        wrapperAddress,
        signWith: user,
        chainCaip2: CAIP2,
        amountValue: parseUnits("100000", 6).toString(),
      }),
    ).rejects.toThrow(/above the position/);
    const all = await api.earnWithdraw({
      wrapperAddress,
      signWith: user,
      chainCaip2: CAIP2,
      amountValue: "MAX",
    });
    expect(
      await settled(() => api.getEarnWithdrawStatus({ withdrawRequestId: all.withdrawRequestId })),
    ).toMatchObject({ status: "COMPLETED" });
    expect(await usdcOf(user)).toBeGreaterThan(parseUnits("10000", 6)); // principal plus net yield
    expect((await api.listEarnPositions({ walletAddress: user })).positions!).toEqual([]);
    expect((await api.listEarnEnabledVaults({})).enabledVaults![0]!.depositsDisabled).toBe(true);
  });
});
