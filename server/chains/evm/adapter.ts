import { decodeFunctionResult, encodeFunctionData, type Hex, parseAbi } from "viem";
import { type JsonRpcClient, RpcUnavailable, redact } from "../json-rpc";

const BALANCE_OF = parseAbi(["function balanceOf(address owner) view returns (uint256)"]);

/** An EVM transaction to estimate, call or describe, as JSON-RPC takes it (quantities as 0x-hex). */
export interface EvmCall {
  from?: string;
  /** Absent for a contract creation. */
  to?: string;
  value?: bigint;
  data?: string;
  gas?: bigint;
  nonce?: bigint;
  /** EIP-7702 authorizations the call runs with (a type-4 transaction's). */
  authorizationList?: readonly RpcAuthorization[];
}

/** A signed EIP-7702 authorization as viem holds it. */
export interface RpcAuthorization {
  address: string;
  chainId: number;
  nonce: number;
  r: string;
  s: string;
  yParity?: number;
}

export interface EvmReceipt {
  transactionHash: string;
  blockNumber: bigint;
  /** true: executed; false: reverted. */
  success: boolean;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

export interface FeeData {
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

const hex = (n: bigint) => `0x${n.toString(16)}`;

function rpcCall(call: EvmCall) {
  return {
    ...(call.from ? { from: call.from } : {}),
    ...(call.to ? { to: call.to } : {}),
    ...(call.value !== undefined ? { value: hex(call.value) } : {}),
    ...(call.data ? { data: call.data } : {}),
    ...(call.gas !== undefined ? { gas: hex(call.gas) } : {}),
    ...(call.nonce !== undefined ? { nonce: hex(call.nonce) } : {}),
    ...(call.authorizationList
      ? {
          authorizationList: call.authorizationList.map((a) => ({
            chainId: hex(BigInt(a.chainId)),
            address: a.address,
            nonce: hex(BigInt(a.nonce)),
            yParity: hex(BigInt(a.yParity ?? 0)),
            r: a.r,
            s: a.s,
          })),
        }
      : {}),
  };
}

/**
 * A JSON-RPC quantity (0x-hex) as a bigint. Anything else means the node is not answering the
 * protocol (a proxy's error page wrapped in JSON, a misconfigured URL): unavailable, named.
 */
function quantityFrom(client: JsonRpcClient, method: string, value: unknown): bigint {
  if (typeof value === "string" && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  const shown = JSON.stringify(value)?.slice(0, 40) ?? "nothing";
  throw new RpcUnavailable(`${method} to ${redact(client.url)}: answered ${shown}, not a quantity`);
}

/**
 * What Latchkey asks of an EVM chain, over standard JSON-RPC only (no node-specific methods), so the
 * same code serves a local devnet and any real node configured in LATCHKEY_RPC_URLS.
 */
export function evmAdapter(client: JsonRpcClient) {
  const quantity = async (method: string, params: unknown[] = []) =>
    quantityFrom(client, method, await client.call<unknown>(method, params));
  return {
    async chainId(): Promise<number> {
      return Number(await quantity("eth_chainId"));
    },
    /** The next nonce, counting transactions already in the node's mempool. */
    async pendingNonce(address: string): Promise<bigint> {
      return quantity("eth_getTransactionCount", [address, "pending"]);
    },
    async balance(address: string): Promise<bigint> {
      return quantity("eth_getBalance", [address, "latest"]);
    },
    /** An ERC-20 balance in base units: balanceOf through eth_call. */
    async tokenBalance(token: string, owner: string): Promise<bigint> {
      const data = encodeFunctionData({ abi: BALANCE_OF, functionName: "balanceOf", args: [owner as Hex] });
      const answer = await client.call<Hex>("eth_call", [{ to: token, data }, "latest"]);
      return decodeFunctionResult({ abi: BALANCE_OF, functionName: "balanceOf", data: answer });
    },
    /** EIP-1559 fees that land in the next few blocks: twice the base fee plus the node's suggested tip. */
    async feeData(): Promise<FeeData> {
      const block = await client.call<{ baseFeePerGas?: string } | null>("eth_getBlockByNumber", [
        "latest",
        false,
      ]);
      const tip = await quantity("eth_maxPriorityFeePerGas").catch(() => 1_000_000_000n);
      const base =
        block?.baseFeePerGas !== undefined
          ? quantityFrom(client, "eth_getBlockByNumber", block.baseFeePerGas)
          : await quantity("eth_gasPrice");
      return { maxFeePerGas: base * 2n + tip, maxPriorityFeePerGas: tip };
    },
    /** The account's code (latest, or after `block`): "0x" for a plain account, 0xef0100‖address for an EIP-7702 delegated one. */
    async code(address: string, block?: bigint): Promise<string> {
      return client.call<string>("eth_getCode", [address, block === undefined ? "latest" : hex(block)]);
    },
    async storageAt(address: string, slot: string): Promise<string> {
      return client.call<string>("eth_getStorageAt", [address, slot, "latest"]);
    },
    /** The latest block's timestamp (seconds): the clock contracts see. */
    async timestamp(): Promise<bigint> {
      const block = await client.call<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
      return BigInt(block.timestamp);
    },
    async estimateGas(call: EvmCall): Promise<bigint> {
      return quantity("eth_estimateGas", [rpcCall(call)]);
    },
    /** eth_call at a block (default latest): the call's return data, or the node's revert error. */
    async call(call: EvmCall, block: bigint | "latest" = "latest"): Promise<string> {
      return client.call<string>("eth_call", [rpcCall(call), block === "latest" ? block : hex(block)]);
    },
    async sendRawTransaction(signed: string): Promise<string> {
      return client.call<string>("eth_sendRawTransaction", [signed]);
    },
    async receipt(hash: string): Promise<EvmReceipt | undefined> {
      const r = await client.call<{
        transactionHash: string;
        blockNumber: string;
        status: string;
        gasUsed: string;
        effectiveGasPrice: string;
      } | null>("eth_getTransactionReceipt", [hash]);
      if (!r) return undefined;
      const field = (v: unknown) => quantityFrom(client, "eth_getTransactionReceipt", v);
      return {
        transactionHash: r.transactionHash,
        blockNumber: field(r.blockNumber),
        success: field(r.status) === 1n,
        gasUsed: field(r.gasUsed),
        effectiveGasPrice: field(r.effectiveGasPrice ?? "0x0"),
      };
    },
    /** Whether the node knows the transaction at all (mined or in its mempool). */
    async knows(hash: string): Promise<boolean> {
      return (await client.call<unknown>("eth_getTransactionByHash", [hash])) !== null;
    },
  };
}

export type EvmAdapter = ReturnType<typeof evmAdapter>;
