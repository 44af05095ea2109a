import { encodeDeployData, encodeFunctionData, type Hex, parseEther } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { isRpcError, type JsonRpcClient } from "../json-rpc";
import { evmAdapter } from "./adapter";
import {
  devnetDeployer,
  ERC20_ABI,
  SEEDED_TOKEN_ABI,
  SEEDED_TOKEN_BYTECODE,
  SEEDED_TOKENS,
  type SeededToken,
} from "./seeded-tokens";

/** What the deployer is topped up to, and below what: deployments and mints cost gas. */
const DEPLOYER_FLOAT = parseEther("1000");
const DEPLOYER_LOW = parseEther("10");
const RECEIPT_TIMEOUT_MS = 15_000;
/** Anvil's words when a nonce is already used or pending: another sender got there first. */
const NONCE_TAKEN = /nonce|already known|underpriced/i;
const NONCE_ATTEMPTS = 5;

/**
 * Make sure the seeded tokens exist on a local devnet: deploy each one missing (checked with
 * eth_getCode, so a devnet restored from its state keeps its tokens and balances) from the devnet
 * deployer at its fixed nonce. Deployment is an ordinary signed transaction over standard JSON-RPC;
 * only the deployer's funding uses Anvil's anvil_setBalance. Throws if a token is missing while the
 * deployer's nonce has moved past it (its address can then never be created on this state).
 */
export async function ensureSeededTokens(client: JsonRpcClient, chainId: number): Promise<void> {
  const chain = evmAdapter(client);
  for (const token of SEEDED_TOKENS) {
    if ((await client.call<string>("eth_getCode", [token.address, "latest"])) !== "0x") continue;
    const nonce = await chain.pendingNonce(devnetDeployer.address);
    if (nonce !== BigInt(token.nonce)) {
      throw new Error(
        `seeded token ${token.symbol} is missing at ${token.address}, but the deployer's nonce is ${nonce}, not ${token.nonce}`,
      );
    }
    const data = encodeDeployData({
      abi: SEEDED_TOKEN_ABI,
      bytecode: SEEDED_TOKEN_BYTECODE,
      args: [token.name, token.symbol, token.decimals],
    });
    await sendFromDeployer(client, chainId, { data });
  }
}

/** Mint a seeded token to an address (the token's faucet is the deployer); returns the new balance. */
export async function mintSeededToken(
  client: JsonRpcClient,
  chainId: number,
  token: SeededToken,
  to: string,
  amount: bigint,
): Promise<bigint> {
  const data = encodeFunctionData({ abi: ERC20_ABI, functionName: "mint", args: [to as Hex, amount] });
  await sendFromDeployer(client, chainId, { to: token.address, data });
  return evmAdapter(client).tokenBalance(token.address, to);
}

/** Sign a transaction with the devnet deployer, send it, and wait until it executed. */
function sendFromDeployer(
  client: JsonRpcClient,
  chainId: number,
  call: { to?: Hex; data: Hex },
): Promise<void> {
  return sendFromDevnetAccount(client, chainId, devnetDeployer, call);
}

/**
 * Sign a transaction with one of the devnet-only accounts (the token deployer, the Earn operator),
 * topping its gas up with anvil_setBalance when low, send it, and wait until it executed.
 */
export async function sendFromDevnetAccount(
  client: JsonRpcClient,
  chainId: number,
  account: PrivateKeyAccount,
  call: { to?: Hex; data: Hex; value?: bigint },
): Promise<void> {
  const chain = evmAdapter(client);
  const from = account.address;
  if ((await chain.balance(from)) < DEPLOYER_LOW) {
    await client.call("anvil_setBalance", [from, `0x${DEPLOYER_FLOAT.toString(16)}`]);
  }
  const fees = await chain.feeData();
  const value = call.value ? `0x${call.value.toString(16)}` : undefined;
  const gas = await client
    .call<string>("eth_estimateGas", [{ from, to: call.to, data: call.data, value }])
    .then((g) => (BigInt(g) * 6n) / 5n);
  const sign = async () =>
    account.signTransaction({
      type: "eip1559",
      chainId,
      nonce: Number(await chain.pendingNonce(from)),
      to: call.to ?? null,
      data: call.data,
      value: call.value,
      gas,
      ...fees,
    });
  // Several processes (`latchkey start` workers) may send from this account at once: when another
  // took the nonce just read, read it again and re-sign.
  let hash: string;
  for (let attempt = 1; ; attempt++) {
    try {
      hash = await chain.sendRawTransaction(await sign());
      break;
    } catch (error) {
      if (attempt >= NONCE_ATTEMPTS || !(isRpcError(error) && NONCE_TAKEN.test(error.message))) throw error;
    }
  }
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS;
  for (;;) {
    const receipt = await chain.receipt(hash);
    if (receipt) {
      if (!receipt.success) throw new Error(`devnet transaction ${hash} from ${from} reverted`);
      return;
    }
    if (Date.now() > deadline)
      throw new Error(`devnet transaction ${hash} from ${from} was not mined in time`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
