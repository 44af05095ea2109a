import { type Hex, serializeTransaction } from "viem";
import type { TEthSendTransactionParams } from "@/lib/api/broadcast";
import type { EvmAdapter } from "../chains/evm/adapter";
import { gasLimitFor } from "./gas-margin";

/**
 * The unsigned EIP-1559 transaction of a single-call send, its blanks filled from the chain: the
 * nonce (pending count), the fees (twice the base fee plus the tip) and the gas (estimated; a call
 * with data gets a fifth more, since state can move between estimate and inclusion).
 */
export async function fillEvmTransaction(
  chain: EvmAdapter,
  chainId: number,
  from: string,
  request: TEthSendTransactionParams,
): Promise<Hex> {
  const [call] = request.calls;
  const value = BigInt(call!.value ?? "0");
  const data = (call!.data ?? "0x") as Hex;
  const nonce = request.nonce !== undefined ? BigInt(request.nonce) : await chain.pendingNonce(from);
  const fees =
    request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined
      ? {
          maxFeePerGas: BigInt(request.maxFeePerGas),
          maxPriorityFeePerGas: BigInt(request.maxPriorityFeePerGas),
        }
      : await chain.feeData();
  const gas =
    request.gasLimit !== undefined
      ? BigInt(request.gasLimit)
      : await chain.estimateGas({ from, to: call!.to, value, data }).then((g) => gasLimitFor(g, data));
  return serializeTransaction({
    type: "eip1559",
    chainId,
    nonce: Number(nonce),
    to: call!.to as Hex,
    value,
    data,
    gas,
    ...fees,
  });
}

/**
 * What policies read of a send before anything is filled in: each call as the unsigned EIP-1559
 * transaction it would be if sent alone from the account (eth.tx.to, value, data, chain id; nonce
 * and fees as given, else zero). A batch's calls are judged one by one (server/policy/batch.ts).
 */
export function describeEvmCalls(chainId: number, request: TEthSendTransactionParams): string[] {
  return request.calls.map((call) =>
    serializeTransaction({
      type: "eip1559",
      chainId,
      nonce: Number(request.nonce ?? 0),
      to: call.to as Hex,
      value: BigInt(call.value ?? "0"),
      data: (call.data ?? "0x") as Hex,
      gas: BigInt(request.gasLimit ?? 0),
      maxFeePerGas: BigInt(request.maxFeePerGas ?? 0),
      maxPriorityFeePerGas: BigInt(request.maxPriorityFeePerGas ?? 0),
    }),
  );
}
