import { nativeAsset } from "@/lib/api/assets";
import type { ChainInfo } from "@/lib/api/chains";
import { mintSeededToken } from "./evm/seed-devnet";
import { findSeededToken, seededTokenAssets } from "./evm/seeded-tokens";
import type { FaucetLock } from "./faucet-lock";
import { type JsonRpcClient, RpcError } from "./json-rpc";

/** The most one faucet call mints, in base units: generous for tests, never an overflow. */
const MAX_AMOUNT = 10n ** 30n;
const INVALID_PARAMS = -32602;

const refuse = (message: string) => new RpcError(INVALID_PARAMS, `latchkey_faucet: ${message}`);

function parseAmount(raw: unknown): bigint {
  if (typeof raw !== "string" || !/^(0x[0-9a-fA-F]+|\d+)$/.test(raw)) {
    throw refuse("amount must be a string of base units (decimal or 0x-hex)");
  }
  const amount = BigInt(raw);
  if (amount <= 0n || amount > MAX_AMOUNT)
    throw refuse(`amount must be between 1 and ${MAX_AMOUNT} base units`);
  return amount;
}

// One token mint at a time per chain in this process (the deployer's nonces); sendFromDevnetAccount
// retries a nonce another process took meanwhile.
const queues = new Map<string, Promise<unknown>>();
function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const next = (queues.get(key) ?? Promise.resolve()).then(work, work);
  queues.set(
    key,
    next.catch(() => undefined),
  );
  return next;
}

/**
 * `latchkey_faucet [address, asset, amount]` on a local devnet: adds `amount` base units of the
 * native coin ("native" or its CAIP-19) or mints them of a seeded token (its CAIP-19, as
 * list_supported_assets gives it) to the address, and returns the new balance. On Solana the
 * in-process devnet answers it itself (SOL, or the seeded USDC minted to the owner's associated
 * token account). Local devnets only: the route that serves it exists only for them.
 */
export async function faucet(
  client: JsonRpcClient,
  info: ChainInfo,
  params: unknown,
  /** Serializes the calls of every process of the installation (faucet-lock.ts); this process's alone without. */
  lock?: FaucetLock,
): Promise<{ balance: string; signature?: string; tokenAccount?: string }> {
  if (!Array.isArray(params) || params.length !== 3) {
    throw refuse('params are [address, asset ("native" or CAIP-19), amount in base units]');
  }
  if (info.family === "svm") return client.call("latchkey_faucet", params);
  const [address, asset, rawAmount] = params as unknown[];
  if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
    throw refuse("address must be a 0x-prefixed 20-byte hex address");
  }
  const native = asset === "native" || asset === nativeAsset(info.caip2).caip19;
  const token = typeof asset === "string" ? findSeededToken(info.caip2, asset) : undefined;
  if (!native && !token) {
    const accepted = [
      "native",
      nativeAsset(info.caip2).caip19,
      ...seededTokenAssets(info.caip2).map((a) => a.caip19),
    ];
    throw refuse(`asset must be one of ${accepted.join(", ")}`);
  }
  const amount = parseAmount(rawAmount);
  const exclusive = <T>(work: () => Promise<T>) =>
    serialized(info.caip2, () => (lock ? lock(info.caip2, work) : work()));
  if (!token) {
    // anvil_addBalance reads the balance and writes it back: one call at a time, or two at once
    // (two `latchkey start` workers) could both read the same balance and one amount be lost.
    return exclusive(async () => {
      await client.call("anvil_addBalance", [address, `0x${amount.toString(16)}`]);
      return { balance: BigInt(await client.call<string>("eth_getBalance", [address, "latest"])).toString() };
    });
  }
  return exclusive(async () => {
    const balance = await mintSeededToken(client, info.chainId!, token, address, amount);
    return { balance: balance.toString() };
  });
}
