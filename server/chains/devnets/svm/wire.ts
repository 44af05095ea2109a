import { base58 } from "@scure/base";
import {
  type Address,
  type Base64EncodedBytes,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from "@solana/kit";
import { RpcError } from "../../json-rpc";
import { INVALID_PARAMS } from "./rpc-errors";

type DecodedMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;
/** Legacy and v0 messages: the versions Solana's clusters process. */
type CompiledMessage = Extract<DecodedMessage, { version: "legacy" | 0 }>;

/** A transaction as the devnet reads it: kit's decoded form plus what the RPC methods report. */
export interface WireTransaction {
  bytes: Uint8Array;
  transaction: Transaction;
  /** base58, in signer order; the first is the transaction's id. Unsigned slots are all-zero. */
  signatures: string[];
  unsigned: boolean;
  message: CompiledMessage;
  version: "legacy" | number;
  recentBlockhash: string;
  /** The message's own account keys (no address-table lookups resolved). */
  accountKeys: Address[];
}

/** A serialized transaction as sendTransaction/simulateTransaction take it, in base64 or base58. */
export function decodeEncodedTransaction(encoded: unknown, encoding: unknown): WireTransaction {
  if (typeof encoded !== "string")
    throw new RpcError(INVALID_PARAMS, "Invalid params: transaction must be a string");
  let bytes: Uint8Array;
  if (encoding === undefined || encoding === "base58") {
    bytes = base58Bytes(encoded);
  } else if (encoding === "base64") {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw invalidTransaction("invalid base64 encoding");
    bytes = Buffer.from(encoded, "base64");
  } else {
    throw new RpcError(
      INVALID_PARAMS,
      `Invalid params: unsupported encoding ${String(encoding)}; use base58 or base64`,
    );
  }
  return decodeWireTransaction(bytes);
}

export function decodeWireTransaction(bytes: Uint8Array): WireTransaction {
  let transaction: Transaction;
  let message: DecodedMessage;
  try {
    transaction = getTransactionDecoder().decode(bytes);
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch (error) {
    throw invalidTransaction(error instanceof Error ? error.message : String(error));
  }
  if (message.version !== "legacy" && message.version !== 0) {
    throw invalidTransaction(`transaction version ${message.version} is not supported`);
  }
  return describeWire(bytes, transaction, message as CompiledMessage);
}

function describeWire(
  bytes: Uint8Array,
  transaction: Transaction,
  message: CompiledMessage,
): WireTransaction {
  const slots = Object.values(transaction.signatures);
  if (slots.length !== message.header.numSignerAccounts) throw invalidTransaction("signature count mismatch");
  return {
    bytes: Uint8Array.from(bytes),
    transaction,
    signatures: slots.map((s) => base58.encode(s ?? new Uint8Array(64))),
    unsigned: slots.some((s) => !s || s.every((b) => b === 0)),
    message,
    version: message.version,
    recentBlockhash: message.lifetimeToken,
    accountKeys: [...message.staticAccounts],
  };
}

/** base58 text to bytes, refusing other characters (a signature, an address, a transaction). */
export function base58Bytes(text: string): Uint8Array {
  try {
    return base58.decode(text);
  } catch {
    throw invalidTransaction("invalid base58 encoding");
  }
}

export const toBase58 = (bytes: Uint8Array): string => base58.encode(bytes);
export const toBase64 = (bytes: Uint8Array): Base64EncodedBytes =>
  Buffer.from(bytes).toString("base64") as Base64EncodedBytes;

function invalidTransaction(why: string): RpcError {
  return new RpcError(INVALID_PARAMS, `failed to deserialize the transaction: ${why}`);
}
