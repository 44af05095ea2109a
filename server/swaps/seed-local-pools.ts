import { encodeDeployData, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { evmAdapter } from "../chains/evm/adapter";
import { mintSeededToken, sendFromDevnetAccount } from "../chains/evm/seed-devnet";
import { SEEDED_TOKENS } from "../chains/evm/seeded-tokens";
import type { JsonRpcClient } from "../chains/json-rpc";
import { readContract } from "../earn/read-contract";
import { LOCAL_SWAP_POOLS, NATIVE, SEED_LIQUIDITY, type SeedLiquidity, swapOperator } from "./local-pools";

/**
 * Make sure a local devnet holds the swap pools (local-pools.ts): deploy LocalSwapPools from the swap
 * operator at its fixed nonce when missing, then give each empty pool its seed liquidity (the tokens
 * minted to the operator by the token faucet, the native coin from the operator's gas float). Every
 * step checks the chain first, so it runs on every start and a restored devnet does nothing.
 */
export async function ensureLocalSwapPools(client: JsonRpcClient, chainId: number): Promise<void> {
  const send = (call: { to?: Hex; data: Hex; value?: bigint }) =>
    sendFromDevnetAccount(client, chainId, swapOperator, call);
  const { address, abi, bytecode, nonce } = LOCAL_SWAP_POOLS;
  if ((await client.call<string>("eth_getCode", [address, "latest"])) === "0x") {
    const current = await evmAdapter(client).pendingNonce(swapOperator.address);
    if (current !== BigInt(nonce)) {
      throw new Error(
        `LocalSwapPools is missing at ${address}, but the swap operator's nonce is ${current}, not 0`,
      );
    }
    await send({ data: encodeDeployData({ abi, bytecode, args: [swapOperator.address] }) });
  }
  for (const seed of SEED_LIQUIDITY) await seedPool(client, chainId, seed, send);
}

async function seedPool(
  client: JsonRpcClient,
  chainId: number,
  seed: SeedLiquidity,
  send: (call: { to?: Hex; data: Hex; value?: bigint }) => Promise<void>,
): Promise<void> {
  const { address, abi } = LOCAL_SWAP_POOLS;
  const [reserveA] = await readContract<[bigint, bigint]>(client, address, abi, "reserves", [
    seed.tokenA,
    seed.tokenB,
  ]);
  if (reserveA > 0n) return;
  let value = 0n;
  for (const [token, amount] of [
    [seed.tokenA, seed.amountA],
    [seed.tokenB, seed.amountB],
  ] as const) {
    if (token === NATIVE) {
      value = amount;
      continue;
    }
    const seeded = SEEDED_TOKENS.find((t) => t.address === token)!;
    await mintSeededToken(client, chainId, seeded, swapOperator.address, amount);
    await send({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [address, amount] }),
    });
  }
  await send({
    to: address,
    value,
    data: encodeFunctionData({
      abi,
      functionName: "addLiquidity",
      args: [seed.tokenA, seed.tokenB, seed.amountA, seed.amountB],
    }),
  });
}
