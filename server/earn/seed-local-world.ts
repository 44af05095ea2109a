import { encodeDeployData, encodeFunctionData, erc20Abi, type Hex } from "viem";
import { evmAdapter } from "../chains/evm/adapter";
import { mintSeededToken, sendFromDevnetAccount } from "../chains/evm/seed-devnet";
import type { JsonRpcClient } from "../chains/json-rpc";
import { FEE_WRAPPER_FACTORY, LOCAL_YIELD_VAULT } from "./contracts";
import {
  earnOperator,
  LOCAL_FACTORY,
  LOCAL_OPERATOR_FEE_BPS,
  LOCAL_VAULTS,
  type LocalVault,
} from "./local-world";
import { readContract } from "./read-contract";

/**
 * Make sure a local Earn chain holds the Earn world (local-world.ts): each contract missing
 * (eth_getCode empty) is deployed by the Earn operator at its fixed nonce, then each vault without
 * an interest reserve gets one and each vault without depositors gets the operator's seed deposit.
 * Every step checks the chain first, so it runs on every start: a devnet restored from its state
 * does nothing, and one that stopped half-way finishes. Runs after the seeded tokens exist.
 */
export async function ensureLocalEarnWorld(client: JsonRpcClient, chainId: number): Promise<void> {
  const send = (call: { to?: Hex; data: Hex }) => sendFromDevnetAccount(client, chainId, earnOperator, call);
  const deployments = [
    ...LOCAL_VAULTS.map((v) => ({
      what: `the ${v.shareSymbol} vault`,
      nonce: v.nonce,
      address: v.address,
      data: encodeDeployData({
        ...LOCAL_YIELD_VAULT,
        args: [v.token.address, v.shareName, v.shareSymbol, BigInt(v.rateBps), earnOperator.address],
      }),
    })),
    {
      what: "the FeeWrapperFactory",
      ...LOCAL_FACTORY,
      data: encodeDeployData({
        ...FEE_WRAPPER_FACTORY,
        args: [earnOperator.address, earnOperator.address, LOCAL_OPERATOR_FEE_BPS],
      }),
    },
  ];
  for (const d of deployments) {
    if ((await client.call<string>("eth_getCode", [d.address, "latest"])) !== "0x") continue;
    const nonce = await evmAdapter(client).pendingNonce(earnOperator.address);
    if (nonce !== BigInt(d.nonce)) {
      throw new Error(
        `${d.what} is missing at ${d.address}, but the Earn operator's nonce is ${nonce}, not ${d.nonce}`,
      );
    }
    await send({ data: d.data });
  }
  for (const vault of LOCAL_VAULTS) await seedVault(client, chainId, vault, send);
}

async function seedVault(
  client: JsonRpcClient,
  chainId: number,
  vault: LocalVault,
  send: (call: { to?: Hex; data: Hex }) => Promise<void>,
): Promise<void> {
  const read = <T>(functionName: string) =>
    readContract<T>(client, vault.address, LOCAL_YIELD_VAULT.abi, functionName);
  if ((await read<bigint>("reserve")) === 0n) {
    await mintSeededToken(client, chainId, vault.token, vault.address, vault.reserve);
  }
  if ((await read<bigint>("totalSupply")) === 0n) {
    await mintSeededToken(client, chainId, vault.token, earnOperator.address, vault.seedDeposit);
    await send({
      to: vault.token.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [vault.address, vault.seedDeposit],
      }),
    });
    await send({
      to: vault.address,
      data: encodeFunctionData({
        abi: LOCAL_YIELD_VAULT.abi,
        functionName: "deposit",
        args: [vault.seedDeposit, earnOperator.address],
      }),
    });
  }
}
