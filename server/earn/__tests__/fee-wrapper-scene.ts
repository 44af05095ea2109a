import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeEventLog,
  type Hex,
  http,
  parseEther,
} from "viem";
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { type AnvilDevnet, startAnvil } from "../../chains/devnets/anvil";
import seededToken from "../../chains/evm/artifacts/SeededToken.json";
import { FEE_WRAPPER, FEE_WRAPPER_FACTORY, LOCAL_YIELD_VAULT } from "../contracts";

/**
 * A bare Anvil chain (no Latchkey server: the contracts alone) with funded accounts and helpers to
 * deploy, call, read and advance time with viem, for the FeeWrapper contract tests.
 */
export interface ContractScene {
  anvil: AnvilDevnet;
  public: ReturnType<typeof createPublicClient>;
  /** The account that deploys the tokens and protocol vaults: their faucet and owner. */
  admin: PrivateKeyAccount;
  newAccount(): Promise<PrivateKeyAccount>;
  deploy(abi: Abi, bytecode: Hex, args: unknown[], from?: PrivateKeyAccount): Promise<Address>;
  /** Sends a call, waits for it, throws the decoded revert; returns the receipt's block timestamp and logs. */
  write(
    from: PrivateKeyAccount,
    address: Address,
    abi: Abi,
    functionName: string,
    args: unknown[],
  ): Promise<{ timestamp: bigint; logs: { address: Address; data: Hex; topics: Hex[] }[] }>;
  read<T>(address: Address, abi: Abi, functionName: string, args?: unknown[]): Promise<T>;
  /** evm_increaseTime + evm_mine: what a month of chain time is to the vaults. */
  advance(seconds: number): Promise<void>;
  close(): Promise<void>;
}

export const DAY = 24 * 60 * 60;
export const TOKEN_ABI = seededToken.abi as Abi;

export async function startContractScene(): Promise<ContractScene> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-earn-contracts-"));
  const anvil = await startAnvil({ chainId: foundry.id, stateDir, logger: pino({ level: "silent" }) });
  const transport = http(anvil.url());
  const publicClient = createPublicClient({ chain: foundry, transport, pollingInterval: 20 });
  const testClient = createTestClient({ mode: "anvil", chain: foundry, transport });

  const newAccount = async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await testClient.setBalance({ address: account.address, value: parseEther("100") });
    return account;
  };
  const admin = await newAccount();
  const wallet = (account: PrivateKeyAccount) => createWalletClient({ account, chain: foundry, transport });

  const settle = async (hash: Hex) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
    const block = await publicClient.getBlock({ blockNumber: receipt.blockNumber });
    return { receipt, timestamp: block.timestamp };
  };

  return {
    anvil,
    public: publicClient as ReturnType<typeof createPublicClient>,
    admin,
    newAccount,
    async deploy(abi, bytecode, args, from = admin) {
      const hash = await wallet(from).deployContract({ abi, bytecode, args });
      return (await settle(hash)).receipt.contractAddress as Address;
    },
    async write(from, address, abi, functionName, args) {
      // Simulated first, so a revert is thrown with its decoded custom error's name.
      const call = { account: from, address, abi, functionName, args };
      const { request } = await publicClient.simulateContract(call);
      // More gas than estimated: a transaction that lands in a later second than its estimate ran in
      // (a busy machine) does more. The vaults write block.timestamp, and a wrapper accrues its fee
      // first: after a claim has emptied the splitter, a redeem estimated at 152,767 gas took 186,154
      // five seconds later (a fee share minted to a zero balance, the high-water mark written) — over
      // the fifth alone, which a CI run hit as a revert. A fifth, plus room for those writes.
      const gas = ((await publicClient.estimateContractGas(call)) * 6n) / 5n + 60_000n;
      const hash = await wallet(from).writeContract({ ...request, gas });
      const { receipt, timestamp } = await settle(hash).catch((error: Error) => {
        throw new Error(`${functionName}(${args.join(", ")}) on ${address}: ${error.message}`);
      });
      return { timestamp, logs: receipt.logs as never };
    },
    read: (address, abi, functionName, args = []) =>
      publicClient.readContract({ address, abi, functionName, args }) as never,
    async advance(seconds) {
      await testClient.increaseTime({ seconds });
      await testClient.mine({ blocks: 1 });
    },
    async close() {
      await anvil.stop();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** A token (its faucet is the admin), a protocol vault over it at `rateBps`, and the factory. */
export async function deployProtocol(
  s: ContractScene,
  options: { rateBps: number; decimals?: number; operatorFeeBps?: number; token?: Address },
) {
  const token =
    options.token ??
    (await s.deploy(TOKEN_ABI, seededToken.bytecode as Hex, ["Test USD", "TUSD", options.decimals ?? 6]));
  const vault = await s.deploy(LOCAL_YIELD_VAULT.abi, LOCAL_YIELD_VAULT.bytecode, [
    token,
    "Local vault",
    "lvTUSD",
    BigInt(options.rateBps),
    s.admin.address,
  ]);
  const operator = await s.newAccount();
  const factory = await s.deploy(FEE_WRAPPER_FACTORY.abi, FEE_WRAPPER_FACTORY.bytecode, [
    s.admin.address,
    operator.address,
    options.operatorFeeBps ?? 500,
  ]);
  return { token, vault, factory, operator };
}

/** One wrapper and its splitter, deployed through the factory; returns their addresses. */
export async function deployWrapper(
  s: ContractScene,
  factory: Address,
  vault: Address,
  options: { clientFeeWallet: Address; clientFeeBps: number; controller: Address },
) {
  const { logs } = await s.write(s.admin, factory, FEE_WRAPPER_FACTORY.abi, "deploy", [
    vault,
    options.clientFeeWallet,
    options.clientFeeBps,
    options.controller,
    "Latchkey Earn TUSD",
    "leTUSD",
  ]);
  for (const log of logs) {
    try {
      const event = decodeEventLog({
        abi: FEE_WRAPPER_FACTORY.abi,
        data: log.data,
        topics: log.topics as never,
      });
      if (event.eventName === "WrapperDeployed") {
        const { wrapper, splitter } = event.args as unknown as { wrapper: Address; splitter: Address };
        return { wrapper, splitter };
      }
    } catch {
      // another contract's event
    }
  }
  throw new Error("the factory emitted no WrapperDeployed");
}

/** Mints `amount` of a test token to `to` (the admin is its faucet) and approves `spender` for it. */
export async function fund(
  s: ContractScene,
  token: Address,
  to: PrivateKeyAccount,
  amount: bigint,
  spender: Address,
) {
  await s.write(s.admin, token, TOKEN_ABI, "mint", [to.address, amount]);
  await s.write(to, token, TOKEN_ABI, "approve", [spender, amount]);
}

export const wrapperAbi = FEE_WRAPPER.abi;
