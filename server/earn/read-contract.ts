import { type Abi, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { evmAdapter } from "../chains/evm/adapter";
import type { JsonRpcClient } from "../chains/json-rpc";

/** One view call over Latchkey's own JSON-RPC client (the adapters never use viem's transports). */
export async function readContract<T>(
  client: JsonRpcClient,
  address: string,
  abi: Abi,
  functionName: string,
  args: unknown[] = [],
  block: bigint | "latest" = "latest",
): Promise<T> {
  const data = encodeFunctionData({ abi, functionName, args });
  const result = await evmAdapter(client).call({ to: address, data }, block);
  return decodeFunctionResult({ abi, functionName, data: result as Hex }) as T;
}
