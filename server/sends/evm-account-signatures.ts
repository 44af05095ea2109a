import type { Hex } from "viem";
import type { RpcAuthorization } from "../chains/evm/adapter";
import { type BatchCall, batchExecutionTypedData } from "../chains/evm/gas-station-delegate";
import type { SigningKey } from "../signer/signing-key";

/**
 * What an account signs besides a transaction for a batch: the EIP-7702 authorization that delegates
 * it (or, to the zero address, undelegates it), and the EIP-712 BatchExecution a gas station needs.
 * Both go through the key's raw-payload signing with the same encodings sign_raw_payload accepts, so
 * the digests are the ones clients would compute.
 */

export async function signAuthorization(
  key: SigningKey,
  chainId: number,
  address: string,
  nonce: bigint,
): Promise<RpcAuthorization> {
  const payload = JSON.stringify({ address, chainId, nonce: nonce.toString() });
  const [signature] = await key.signRawPayloads(
    [payload],
    "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
    "HASH_FUNCTION_NO_OP",
  );
  return {
    address,
    chainId,
    nonce: Number(nonce),
    r: `0x${signature!.r}`,
    s: `0x${signature!.s}`,
    yParity: Number.parseInt(signature!.v, 16),
  };
}

/** The 65-byte r‖s‖v signature GasStationDelegate.executeSponsored checks. */
export async function signBatchExecution(
  key: SigningKey,
  chainId: number,
  account: string,
  calls: BatchCall[],
  nonce: bigint,
  deadline: bigint,
): Promise<Hex> {
  const typedData = batchExecutionTypedData(chainId, account, calls, nonce, deadline);
  // uint256 values travel as decimal strings: JSON has no integers beyond 2^53.
  const payload = JSON.stringify(typedData, (_, v) => (typeof v === "bigint" ? v.toString() : v));
  const [signature] = await key.signRawPayloads([payload], "PAYLOAD_ENCODING_EIP712", "HASH_FUNCTION_NO_OP");
  const v = (27 + Number.parseInt(signature!.v, 16)).toString(16);
  return `0x${signature!.r}${signature!.s}${v}`;
}
