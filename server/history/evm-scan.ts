import { decodeAbiParameters, getAddress, type Hex } from "viem";
import type { JsonRpcClient } from "../chains/json-rpc";
import type { StoredTransfer } from "../db/schema";

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 (and ERC-721) Transfer event. */
const TRANSFER_TOPIC = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** One transaction touching one watched address, ready to store. */
export interface FoundTransaction {
  address: string;
  txHash: string;
  blockNumber: number;
  blockHash: string;
  blockTime: Date;
  txIndex: number;
  fromAddress: string;
  toAddress: string | null;
  fee: string;
  transfers: StoredTransfer[];
}

interface RpcTx {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  transactionIndex: string;
}
interface RpcBlock {
  number: string;
  hash: string;
  timestamp: string;
  transactions: RpcTx[];
}
interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  transactionHash: string;
  blockNumber: string;
}

const hex = (n: number) => `0x${n.toString(16)}`;
const topicAddress = (topic: string) => `0x${topic.slice(-40)}`.toLowerCase();
/** Addresses are shown checksummed (EIP-55), whatever case the node used. */
const shown = (address: string) => getAddress(address);
const asTopic = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, "0")}`;

/** What an ERC-20 says of itself; undefined when it does not answer like one. */
async function tokenMetadata(client: JsonRpcClient, caip2: string, token: string) {
  const read = async (selector: string, type: "string" | "uint8") => {
    const data = await client.call<Hex>("eth_call", [{ to: token, data: selector }, "latest"]);
    return decodeAbiParameters([{ type }], data)[0];
  };
  try {
    const [symbol, name, decimals] = await Promise.all([
      read("0x95d89b41", "string"),
      read("0x06fdde03", "string"),
      read("0x313ce567", "uint8"),
    ]);
    return {
      caip19: `${caip2}/erc20:${token}`,
      symbol: String(symbol),
      name: String(name),
      decimals: Number(decimals),
    };
  } catch {
    return { caip19: `${caip2}/erc20:${token}` };
  }
}

/**
 * Read blocks `from`..`to` (inclusive) for what touched `watched` (lower-case addresses): native
 * value in the blocks' transactions, ERC-20 Transfer logs through two eth_getLogs with topic filters
 * (sender in, recipient in), and every transaction a watched address sent (its fee is theirs).
 * Standard JSON-RPC only; one block read per block, one receipt per transaction found.
 */
export async function scanEvmBlocks(
  client: JsonRpcClient,
  caip2: string,
  from: number,
  to: number,
  watched: Set<string>,
): Promise<FoundTransaction[]> {
  if (watched.size === 0) return [];
  const blocks = new Map<number, RpcBlock>();
  for (let n = from; n <= to; n++) {
    const block = await client.call<RpcBlock | null>("eth_getBlockByNumber", [hex(n), true]);
    if (block) blocks.set(n, block);
  }
  const topics = [...watched].map(asTopic);
  const range = { fromBlock: hex(from), toBlock: hex(to) };
  const logs = [
    ...(await client.call<RpcLog[]>("eth_getLogs", [{ ...range, topics: [TRANSFER_TOPIC, topics] }])),
    ...(await client.call<RpcLog[]>("eth_getLogs", [{ ...range, topics: [TRANSFER_TOPIC, null, topics] }])),
  ].filter((log) => log.topics.length === 3); // ERC-721 Transfers index the token id too

  const found = new Map<string, FoundTransaction>();
  const receipts = new Map<string, { status: string; gasUsed: string; effectiveGasPrice?: string }>();
  const txsByHash = new Map<string, { tx: RpcTx; block: RpcBlock }>();
  for (const block of blocks.values())
    for (const tx of block.transactions) txsByHash.set(tx.hash, { tx, block });

  const entry = async (address: string, hash: string): Promise<FoundTransaction | undefined> => {
    const key = `${address}:${hash}`;
    const known = found.get(key);
    if (known) return known;
    const located = txsByHash.get(hash);
    if (!located) return undefined;
    let receipt = receipts.get(hash);
    if (!receipt) {
      receipt = await client.call("eth_getTransactionReceipt", [hash]);
      if (!receipt) return undefined;
      receipts.set(hash, receipt);
    }
    const fee = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? "0x0");
    const item: FoundTransaction = {
      address,
      txHash: hash,
      blockNumber: Number(BigInt(located.block.number)),
      blockHash: located.block.hash,
      blockTime: new Date(Number(BigInt(located.block.timestamp)) * 1000),
      txIndex: Number(BigInt(located.tx.transactionIndex)),
      fromAddress: getAddress(located.tx.from),
      toAddress: located.tx.to ? getAddress(located.tx.to) : null,
      fee: fee.toString(),
      transfers: [],
    };
    found.set(key, item);
    return item;
  };
  const succeeded = (hash: string) => BigInt(receipts.get(hash)?.status ?? "0x0") === 1n;

  for (const { tx } of txsByHash.values()) {
    const sender = tx.from.toLowerCase();
    const recipient = tx.to?.toLowerCase();
    const value = BigInt(tx.value);
    if (watched.has(sender)) {
      const item = await entry(sender, tx.hash);
      if (item && value > 0n && succeeded(tx.hash))
        item.transfers.push({
          direction: "OUT",
          amount: value.toString(),
          counterparty: tx.to ? shown(tx.to) : "",
          asset: { caip19: "native" },
        });
    }
    if (recipient && watched.has(recipient) && value > 0n) {
      const item = await entry(recipient, tx.hash);
      if (item && succeeded(tx.hash))
        item.transfers.push({
          direction: "IN",
          amount: value.toString(),
          counterparty: shown(tx.from),
          asset: { caip19: "native" },
        });
    }
  }
  const tokens = new Map<string, Promise<StoredTransfer["asset"]>>();
  const seen = new Set<string>();
  for (const log of logs) {
    const id = `${log.transactionHash}:${log.address}:${log.topics.join()}:${log.data}`;
    if (seen.has(id)) continue; // a transfer between two watched addresses matches both filters
    seen.add(id);
    const token = log.address.toLowerCase();
    if (!tokens.has(token)) tokens.set(token, tokenMetadata(client, caip2, token));
    const asset = await tokens.get(token)!;
    const amount = BigInt(log.data === "0x" ? "0x0" : log.data).toString();
    const [sender, recipient] = [topicAddress(log.topics[1]!), topicAddress(log.topics[2]!)];
    if (watched.has(sender)) {
      const item = await entry(sender, log.transactionHash);
      item?.transfers.push({ direction: "OUT", amount, counterparty: shown(recipient), asset });
    }
    if (watched.has(recipient)) {
      const item = await entry(recipient, log.transactionHash);
      item?.transfers.push({ direction: "IN", amount, counterparty: shown(sender), asset });
    }
  }
  return [...found.values()];
}
