import { decodeEventLog, encodeFunctionData, erc20Abi } from "viem";
import { evmAdapter } from "../chains/evm/adapter";
import { isRpcError } from "../chains/json-rpc";
import { readContract } from "../earn/read-contract";
import { invalid } from "../errors";
import { LOCAL_SWAP_POOLS, NATIVE } from "./local-pools";
import type { SwapProvider } from "./provider";

const { abi, address: pools } = LOCAL_SWAP_POOLS;
/** A same-chain swap on a local devnet lands in the next block. */
const LOCAL_BLOCK_SECONDS = 2;

/**
 * The default provider on local EVM devnets: the LocalSwapPools contract every devnet is seeded with
 * (local-pools.ts). The client fee is taken by the contract from the output and held for the fee
 * receiver until claimFees pays it.
 */
export const localEvmProvider: SwapProvider = {
  name: "LATCHKEY_LOCAL_POOLS",

  async quote(client, request) {
    const { input, output, inputAmount, signer } = request;
    const held =
      input.address === NATIVE
        ? await evmAdapter(client).balance(signer)
        : await evmAdapter(client).tokenBalance(input.address, signer);
    if (held < inputAmount) {
      throw invalid(
        `${signer} holds ${held} of ${input.caip19}, less than the inputAmount ${inputAmount}`,
        "inputAmount",
      );
    }
    let gross: bigint;
    try {
      gross = await readContract<bigint>(client, pools, abi, "getAmountOut", [
        input.address,
        output.address,
        inputAmount,
      ]);
    } catch (error) {
      if (isRpcError(error) && /execution reverted/i.test(error.message)) {
        throw invalid(
          `no liquidity between ${input.caip19} and ${output.caip19} on the local pools`,
          "outputToken",
        );
      }
      throw error;
    }
    const outputAmount = gross - (gross * BigInt(request.clientFeeBps)) / 10_000n;
    if (outputAmount === 0n) throw invalid("inputAmount is too small: it buys nothing", "inputAmount");
    const minOutputAmount = (outputAmount * BigInt(10_000 - request.slippageBps)) / 10_000n;
    return { outputAmount, minOutputAmount, estimatedTimeSeconds: LOCAL_BLOCK_SECONDS };
  },

  buildCalls(q) {
    const swap = encodeFunctionData({
      abi,
      functionName: "swap",
      args: [
        q.input.address,
        q.output.address,
        q.inputAmount,
        q.minOutputAmount,
        q.signer,
        q.feeReceiver,
        BigInt(q.clientFeeBps),
      ],
    });
    if (q.input.address === NATIVE) return [{ to: pools, value: q.inputAmount.toString(), data: swap }];
    const approve = encodeFunctionData({
      abi: erc20Abi,
      functionName: "approve",
      args: [pools, q.inputAmount],
    });
    return [
      { to: q.input.address, data: approve },
      { to: pools, data: swap },
    ];
  },

  async deliveredOutput(client, txHash) {
    const receipt = await client.call<{
      logs: { address: string; data: `0x${string}`; topics: `0x${string}`[] }[];
    } | null>("eth_getTransactionReceipt", [txHash]);
    for (const log of receipt?.logs ?? []) {
      if (log.address.toLowerCase() !== pools.toLowerCase()) continue;
      try {
        const event = decodeEventLog({ abi, data: log.data, topics: log.topics as never });
        if (event.eventName === "Swapped") return (event.args as unknown as { amountOut: bigint }).amountOut;
      } catch {
        // LiquidityAdded or FeesClaimed: not the swap's event
      }
    }
    return undefined;
  },

  async accruedFees(client, receiver, tokens) {
    const owed = new Map<`0x${string}`, bigint>();
    for (const token of tokens) {
      owed.set(token, await readContract<bigint>(client, pools, abi, "feesOwed", [receiver, token]));
    }
    return owed;
  },

  claimCalls(receiver, tokens) {
    return tokens.map((token) => ({
      to: pools,
      data: encodeFunctionData({ abi, functionName: "claimFees", args: [receiver, token] }),
    }));
  },
};
