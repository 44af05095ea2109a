import { decodeEventLog, erc20Abi } from "viem";
import type { JsonRpcClient } from "../../chains/json-rpc";
import { NATIVE } from "../local-pools";
import type { BoundQuote } from "../provider";

interface Receipt {
  from: string;
  blockNumber: `0x${string}`;
  gasUsed: `0x${string}`;
  effectiveGasPrice: `0x${string}`;
  logs: { address: string; data: `0x${string}`; topics: `0x${string}`[] }[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What an aggregator's swap delivered to the taker, read from the chain rather than believed from
 * the quote. An ERC-20 output is the sum of the token's Transfer logs to the taker in the receipt.
 * A native output leaves no log: it is the taker's balance change across the block, plus the gas
 * the taker paid when it sent the transaction itself — exact unless another transaction in the
 * same block moved the taker's coin, and undefined when the node no longer serves that state.
 */
export async function deliveredToTaker(
  client: JsonRpcClient,
  txHash: string,
  quote: BoundQuote,
): Promise<bigint | undefined> {
  const receipt = await client.call<Receipt | null>("eth_getTransactionReceipt", [txHash]);
  if (!receipt) return undefined;
  if (quote.output.address !== NATIVE) {
    let total = 0n;
    for (const log of receipt.logs) {
      if (!same(log.address, quote.output.address)) continue;
      try {
        const event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics as never });
        if (event.eventName === "Transfer" && same(event.args.to, quote.signer)) total += event.args.value;
      } catch {
        // Not a Transfer (e.g. Approval): nothing delivered by this log.
      }
    }
    return total;
  }
  const block = BigInt(receipt.blockNumber);
  try {
    const [before, after] = await Promise.all(
      [block - 1n, block].map((n) =>
        client.call<`0x${string}`>("eth_getBalance", [quote.signer, `0x${n.toString(16)}`]),
      ),
    );
    const gas = same(receipt.from, quote.signer)
      ? BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
      : 0n;
    return BigInt(after!) - BigInt(before!) + gas;
  } catch {
    return undefined;
  }
}
