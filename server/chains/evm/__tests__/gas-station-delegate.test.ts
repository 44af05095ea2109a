import {
  type Abi,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  type PrivateKeyAccount,
  parseEther,
  toHex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../testing/harness";
import { deploySeededToken, TOKEN_ABI } from "../../../testing/seeded-token";
import { DelegateMissing, ensureDelegateDeployed } from "../deploy-delegate";
import {
  type BatchCall,
  batchExecutionTypedData,
  DELEGATE_ABI,
  DELEGATE_NONCE_SLOT,
  delegationCode,
  GAS_STATION_DELEGATE_ADDRESS,
} from "../gas-station-delegate";

/** GasStationDelegate itself, on a real local Anvil: delegation, batches, sponsored batches. */

const CHAIN_ID = 8453;
let t: TestApp;
let url: string;
const abi = [...DELEGATE_ABI, ...TOKEN_ABI.filter((e) => "type" in e && e.type === "error")] as Abi;
const chain = {
  id: CHAIN_ID,
  name: "Base devnet",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [""] } },
};
const reader = () => createPublicClient({ chain, transport: http(url) });
const walletOf = (account: PrivateKeyAccount) => createWalletClient({ account, chain, transport: http(url) });

async function funded(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await reader().request({
    method: "anvil_setBalance" as never,
    params: [account.address, toHex(parseEther("1"))] as never,
  });
  return account;
}

const tokenCall = (token: Hex, functionName: string, args: unknown[]): BatchCall => ({
  to: token,
  value: 0n,
  data: encodeFunctionData({ abi: TOKEN_ABI, functionName, args }),
});
const balanceOf = (token: Hex, who: Hex) =>
  reader().readContract({ address: token, abi: TOKEN_ABI, functionName: "balanceOf", args: [who] });

/** The account delegates to the delegate and runs `calls` itself, in one self-sent type-4 transaction. */
async function selfBatch(account: PrivateKeyAccount, calls: BatchCall[]) {
  const wallet = walletOf(account);
  const authorization = await wallet.signAuthorization({
    contractAddress: GAS_STATION_DELEGATE_ADDRESS,
    executor: "self",
  });
  return wallet.sendTransaction({
    to: account.address,
    data: encodeFunctionData({ abi: DELEGATE_ABI, functionName: "execute", args: [calls] }),
    authorizationList: [authorization],
    gas: 500_000n,
  });
}

async function signBatch(
  signer: PrivateKeyAccount,
  account: Hex,
  calls: BatchCall[],
  nonce: bigint,
  deadline: bigint,
) {
  return signer.signTypedData(batchExecutionTypedData(CHAIN_ID, account, calls, nonce, deadline));
}

beforeAll(async () => {
  t = await startTestApp();
  url = (await t.app.chains.rpc(`eip155:${CHAIN_ID}`)).url;
});
afterAll(async () => t?.close());

describe("GasStationDelegate", () => {
  it("is deployed on a local devnet at its CREATE2 address; a configured chain without it is refused, naming the address", async () => {
    const client = await t.app.chains.rpc(`eip155:${CHAIN_ID}`);
    await expect(
      ensureDelegateDeployed(client, { caip2: `eip155:${CHAIN_ID}`, chainId: CHAIN_ID, local: false }),
    ).rejects.toThrow(DelegateMissing);
    await expect(
      ensureDelegateDeployed(client, { caip2: `eip155:${CHAIN_ID}`, chainId: CHAIN_ID, local: false }),
    ).rejects.toThrow(GAS_STATION_DELEGATE_ADDRESS);
    await ensureDelegateDeployed(client, { caip2: `eip155:${CHAIN_ID}`, chainId: CHAIN_ID, local: true });
    expect((await reader().getCode({ address: GAS_STATION_DELEGATE_ADDRESS }))?.length).toBeGreaterThan(100);
    // Deployed once: asking again changes nothing.
    await ensureDelegateDeployed(client, { caip2: `eip155:${CHAIN_ID}`, chainId: CHAIN_ID, local: false });
  });

  it("runs an account's own batch in order; only the account itself may call execute", async () => {
    const alice = await funded();
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const { address: token } = await deploySeededToken(url, CHAIN_ID, alice);
    // Minting first is what makes the transfer possible: the order is the one given.
    const hash = await selfBatch(alice, [
      tokenCall(token, "mint", [alice.address, 100n]),
      tokenCall(token, "transfer", [bob, 100n]),
    ]);
    expect((await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    expect(await balanceOf(token, bob)).toBe(100n);
    expect(await reader().getCode({ address: alice.address })).toBe(
      delegationCode(GAS_STATION_DELEGATE_ADDRESS),
    );

    const mallory = await funded();
    await expect(
      reader().simulateContract({
        account: mallory,
        address: alice.address,
        abi,
        functionName: "execute",
        args: [[tokenCall(token, "mint", [mallory.address, 1n])]],
      }),
    ).rejects.toThrow(/NotSelf/);
  });

  it("reverts the whole batch with the failing call's own error", async () => {
    const alice = await funded();
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const { address: token } = await deploySeededToken(url, CHAIN_ID, alice);
    // Delegate first with a harmless batch, then try one whose second call cannot succeed.
    await reader().waitForTransactionReceipt({
      hash: await selfBatch(alice, [tokenCall(token, "mint", [alice.address, 50n])]),
      pollingInterval: 50,
    });
    const failing = [tokenCall(token, "transfer", [bob, 50n]), tokenCall(token, "transfer", [bob, 1n])];
    await expect(
      reader().simulateContract({
        account: alice,
        address: alice.address,
        abi,
        functionName: "execute",
        args: [failing],
      }),
    ).rejects.toThrow(/ERC20InsufficientBalance/);
    expect(await balanceOf(token, bob)).toBe(0n);
  });

  it("runs a sponsored batch for whoever holds the account's signature, once per nonce, before its deadline", async () => {
    const alice = await funded();
    const relayer = await funded();
    const mallory = privateKeyToAccount(generatePrivateKey());
    const { address: token, faucet } = await deploySeededToken(url, CHAIN_ID);
    const minted = await walletOf(faucet).writeContract({
      address: token,
      abi: TOKEN_ABI,
      functionName: "mint",
      args: [alice.address, 1000n],
    });
    await reader().waitForTransactionReceipt({ hash: minted, pollingInterval: 50 });
    // Delegated, nonce still 0.
    await reader().waitForTransactionReceipt({ hash: await selfBatch(alice, []), pollingInterval: 50 });
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const calls = [tokenCall(token, "transfer", [bob, 10n])];
    const block = await reader().getBlock();
    const deadline = block.timestamp + 3600n;
    const sponsored = (args: unknown[]) =>
      reader().simulateContract({
        account: relayer,
        address: alice.address,
        abi,
        functionName: "executeSponsored",
        args,
      });

    const forged = await signBatch(mallory, alice.address, calls, 0n, deadline);
    await expect(sponsored([calls, 0n, deadline, forged])).rejects.toThrow(/InvalidSignature/);
    const early = await signBatch(alice, alice.address, calls, 1n, deadline);
    await expect(sponsored([calls, 1n, deadline, early])).rejects.toThrow(/InvalidNonce/);
    const late = await signBatch(alice, alice.address, calls, 0n, block.timestamp - 1n);
    await expect(sponsored([calls, 0n, block.timestamp - 1n, late])).rejects.toThrow(/DeadlineExpired/);
    // A signature over other calls does not authorise these.
    const other = await signBatch(
      alice,
      alice.address,
      [tokenCall(token, "transfer", [bob, 999n])],
      0n,
      deadline,
    );
    await expect(sponsored([calls, 0n, deadline, other])).rejects.toThrow(/InvalidSignature/);

    const good = await signBatch(alice, alice.address, calls, 0n, deadline);
    const { request } = await sponsored([calls, 0n, deadline, good]);
    const hash = await walletOf(relayer).writeContract(request);
    expect((await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
    expect(await balanceOf(token, bob)).toBe(10n);
    expect(await reader().readContract({ address: alice.address, abi, functionName: "nonce" })).toBe(1n);
    expect(
      BigInt((await reader().getStorageAt({ address: alice.address, slot: DELEGATE_NONCE_SLOT }))!),
    ).toBe(1n);
    // Replaying the same signed batch is refused.
    await expect(sponsored([calls, 0n, deadline, good])).rejects.toThrow(/InvalidNonce/);
  });

  it("still accepts plain ETH transfers once delegated", async () => {
    const alice = await funded();
    await reader().waitForTransactionReceipt({ hash: await selfBatch(alice, []), pollingInterval: 50 });
    const payer = await funded();
    const hash = await walletOf(payer).sendTransaction({ to: alice.address, value: 5n });
    expect((await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe("success");
  });
});
