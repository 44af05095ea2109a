import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  getAddress,
  type Hex,
  hexToBigInt,
  keccak256,
  parseTransaction,
  serializeTransaction,
  type TransactionSerializable,
} from "viem";
import { InputError } from "./input-error";

/** A signed Ethereum transaction read from a caller's bytes: what it does, who signed it, its hash. */
export interface SignedEvmTransaction {
  transaction: TransactionSerializable;
  /** The recovered signer, checksummed. */
  from: string;
  chainId: number;
  /** keccak256 of the signed bytes: the hash the chain will know it by. */
  hash: Hex;
}

const ACCEPTED = new Set(["legacy", "eip2930", "eip1559", "eip7702"]);
const HALF_ORDER = secp256k1.Point.CURVE().n / 2n;

/**
 * Decode the signed bytes eth_sendRawTransaction takes (legacy with EIP-155, EIP-2930, EIP-1559,
 * EIP-7702) and recover the sender from the signature, so that nothing unreadable, unsigned or
 * replayable on another chain is accepted. Blob (EIP-4844) transactions travel with their blobs in
 * a network wrapper that this does not read: they are refused. Throws InputError naming `field`.
 */
export function decodeSignedEvmTransaction(hex: string, field = "signedTransaction"): SignedEvmTransaction {
  if (!/^0x([0-9a-fA-F]{2})+$/.test(hex))
    throw new InputError(`${field} must be 0x-prefixed hex of whole bytes`);
  let parsed: ReturnType<typeof parseTransaction>;
  try {
    parsed = parseTransaction(hex as Hex);
  } catch (error) {
    const why = error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error);
    throw new InputError(`${field} is not a serialized Ethereum transaction: ${why}`);
  }
  const type = parsed.type ?? "legacy";
  if (!ACCEPTED.has(type)) {
    throw new InputError(
      `${field} is a ${type} transaction; legacy, EIP-2930, EIP-1559 and EIP-7702 are accepted`,
    );
  }
  const { r, s, v, yParity, ...unsigned } = parsed as TransactionSerializable & {
    r?: Hex;
    s?: Hex;
    v?: bigint;
    yParity?: number;
  };
  if (!r || !s || yParity === undefined) throw new InputError(`${field} is not signed`);
  if (parsed.chainId === undefined) {
    throw new InputError(
      `${field} has no chain id (a pre-EIP-155 legacy transaction could be replayed on any chain)`,
    );
  }
  const signature = new secp256k1.Signature(hexToBigInt(r), hexToBigInt(s));
  if (signature.s > HALF_ORDER) throw new InputError(`${field} has a high-S signature, which EIP-2 forbids`);
  let from: string;
  try {
    const digest = keccak256(serializeTransaction(unsigned));
    const point = signature.addRecoveryBit(yParity).recoverPublicKey(Buffer.from(digest.slice(2), "hex"));
    const publicKey = point.toBytes(false).subarray(1);
    from = getAddress(`0x${keccak256(publicKey).slice(-40)}`);
  } catch {
    throw new InputError(`${field}'s signature does not recover to any sender`);
  }
  return { transaction: unsigned, from, chainId: parsed.chainId, hash: keccak256(hex as Hex) };
}
