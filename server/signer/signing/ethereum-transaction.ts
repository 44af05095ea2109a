import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { type Hex, parseTransaction, serializeTransaction, type TransactionSerializable } from "viem";
import { decodeHexField } from "../../encoding/hex";
import { SignerInputError } from "../errors";
import { signDigest } from "./ecdsa";
import { reasonOf } from "./library-error";

const FIELD = "unsignedTransaction";

/**
 * sign_transaction for TRANSACTION_TYPE_ETHEREUM: `unsignedTransaction` is the hex of an unsigned
 * serialized legacy (EIP-155 when it carries a chain id), EIP-2930, EIP-1559, EIP-4844 (body only,
 * as Turnkey documents and @turnkey/viem sends with `sidecars: false`) or EIP-7702 transaction.
 * Returns the signed serialized transaction as hex **without** 0x: @turnkey/viem and @turnkey/ethers
 * prepend `0x` to `signedTransaction` themselves.
 *
 * The signature covers keccak256 of exactly the bytes received. Before signing, the transaction is
 * re-serialized and must come out byte for byte the same, so the signed transaction returned carries
 * precisely the fields the caller sent (a non-canonical encoding is refused, never silently changed).
 */
export function signEthereumTransaction(privateKey: Uint8Array, unsignedTransaction: string): string {
  const bytes = decodeHexField(unsignedTransaction, FIELD);
  if (bytes.length === 0) throw new SignerInputError(`${FIELD} is empty`);
  const serialized: Hex = `0x${bytesToHex(bytes)}`;

  const transaction = parseUnsigned(serialized);
  const { r, s, v } = signDigest("CURVE_SECP256K1", privateKey, keccak_256(bytes));
  const yParity = Number.parseInt(v, 16);
  // Legacy transactions take v (27/28, which viem turns into the EIP-155 value when a chain id is
  // present); typed transactions take yParity.
  const signed = serializeTransaction(transaction, {
    r: `0x${r}`,
    s: `0x${s}`,
    v: 27n + BigInt(yParity),
    yParity,
  });
  return signed.slice(2);
}

function parseUnsigned(serialized: Hex): TransactionSerializable {
  let transaction: TransactionSerializable;
  let canonical: Hex;
  try {
    transaction = parseTransaction(serialized);
    canonical = serializeTransaction(transaction);
  } catch (error) {
    throw new SignerInputError(
      `${FIELD} is not a supported serialized Ethereum transaction (legacy, 0x01, 0x02, 0x03 or 0x04): ${reasonOf(error)}`,
    );
  }
  if ("sidecars" in transaction && transaction.sidecars) {
    throw new SignerInputError(
      `${FIELD} is an EIP-4844 transaction with its network wrapper (blobs, commitments, proofs): send only the transaction body`,
    );
  }
  if (transaction.r !== undefined || transaction.s !== undefined || transaction.yParity !== undefined) {
    throw new SignerInputError(`${FIELD} is already signed: send the unsigned serialized transaction`);
  }
  if (canonical !== serialized) {
    throw new SignerInputError(
      `${FIELD} is not canonically encoded: re-encoding its fields gives different bytes, so the signature would not match what was sent`,
    );
  }
  return transaction;
}
