import { decodeFunctionData, encodeFunctionData, erc20Abi, toFunctionSelector } from "viem";
import type { TEthSendTransactionParams } from "../api/broadcast";

type EthCall = TEthSendTransactionParams["calls"][number];

const TRANSFER_SELECTOR = toFunctionSelector("transfer(address,uint256)");

/** A token send as one eth_send_transaction call: `transfer(to, amount)` on the token's contract. */
export function erc20TransferCall(token: `0x${string}`, to: `0x${string}`, amount: bigint): EthCall {
  return {
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
  };
}

/** What a sent call moved: the native coin to `to`, or (a token `transfer`) `amount` of `token` to its recipient. */
export function summarizeEthCall(call: EthCall): { to: string; amount: bigint; token?: string } {
  if (call.data?.toLowerCase().startsWith(TRANSFER_SELECTOR)) {
    try {
      const { args } = decodeFunctionData({ abi: erc20Abi, data: call.data as `0x${string}` });
      const [to, amount] = args as readonly [string, bigint];
      return { to, amount, token: call.to };
    } catch {
      // Not a well-formed transfer after all: shown as the plain call it is.
    }
  }
  return { to: call.to, amount: BigInt(call.value ?? "0") };
}
