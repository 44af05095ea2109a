import { bytesToHex } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import { decodeHexField } from "../encoding/hex";
import { InputError } from "../encoding/input-error";
import { readSolanaTransaction } from "../encoding/solana-wire";

/** The message's required signers (base58, slot order) and which slots already carry a signature. */
export function requiredSignersOf(unsignedTransaction: string): { signers: string[]; signed: boolean[] } {
  const bytes = decodeHexField(unsignedTransaction, "unsignedTransaction");
  const layout = readSolanaTransaction(bytes);
  return {
    signers: layout.requiredSigners.map((key) => base58.encode(key)),
    signed: layout.requiredSigners.map((_, i) => {
      const start = layout.signaturesOffset + i * 64;
      return bytes.subarray(start, start + 64).some((b) => b !== 0);
    }),
  };
}

/**
 * The first instruction (0-based) that lists the fee payer among its accounts, if any. A sponsor's
 * signature lends its signer privilege to every instruction that names it, so a sponsored message
 * may use the gas station as fee payer only — never as a transfer's source or a rent payer.
 */
export function instructionUsingFeePayer(unsignedTransaction: string): number | undefined {
  const bytes = decodeHexField(unsignedTransaction, "unsignedTransaction");
  const index = readSolanaTransaction(bytes).instructionAccounts.findIndex((accounts) =>
    accounts.includes(0),
  );
  return index === -1 ? undefined : index;
}

/** A base58 blockhash as its 32 bytes, or an InputError naming the field. */
export function blockhashBytes(blockhash: string, field = "recentBlockhash"): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(blockhash);
  } catch {
    throw new InputError(`${field} is not base58`);
  }
  if (bytes.length !== 32) throw new InputError(`${field} must be 32 bytes; it decodes to ${bytes.length}`);
  return bytes;
}

/** The message's own recent blockhash (base58). */
export function messageBlockhash(unsignedTransaction: string): string {
  const bytes = decodeHexField(unsignedTransaction, "unsignedTransaction");
  const { blockhashOffset } = readSolanaTransaction(bytes);
  return base58.encode(bytes.subarray(blockhashOffset, blockhashOffset + 32));
}

/** The same transaction (hex, no 0x) with another recent blockhash in its message. */
export function withRecentBlockhash(unsignedTransaction: string, blockhash: string): string {
  const bytes = decodeHexField(unsignedTransaction, "unsignedTransaction").slice();
  const { blockhashOffset } = readSolanaTransaction(bytes);
  bytes.set(blockhashBytes(blockhash), blockhashOffset);
  return bytesToHex(bytes);
}

/** The transaction id: its first signature, base58. */
export function firstSignature(signedHex: string): string {
  const bytes = decodeHexField(signedHex, "signedTransaction");
  const { signaturesOffset } = readSolanaTransaction(bytes);
  return base58.encode(bytes.subarray(signaturesOffset, signaturesOffset + 64));
}
