import { InputError } from "./input-error";

const FIELD = "unsignedTransaction";
const SIGNATURE_LENGTH = 64;
const KEY_LENGTH = 32;

/** Where the parts of a serialized Solana transaction sit, found by walking its wire format. */
export interface SolanaWireLayout {
  /** Offset of the first 64-byte signature slot. */
  signaturesOffset: number;
  /** Offset of the message: the bytes every signer signs. */
  messageOffset: number;
  /** The public keys that must sign, in slot order (the first `numRequiredSignatures` account keys). */
  requiredSigners: Uint8Array[];
  /** Offset of the message's 32-byte recent blockhash (or durable nonce). */
  blockhashOffset: number;
  /** Each instruction's account indexes into the message's account keys, in instruction order. */
  instructionAccounts: number[][];
}

/**
 * Reads a serialized transaction: shortvec signature count, the signatures, then a legacy or v0
 * message (header, account keys, recent blockhash, instructions, and for v0 the address-table
 * lookups). Every byte must be accounted for, so garbage and truncated input are refused instead of
 * signed.
 */
export function readSolanaTransaction(bytes: Uint8Array): SolanaWireLayout {
  const reader = new Reader(bytes);
  const signatureCount = reader.shortVec("signature count");
  const signaturesOffset = reader.offset;
  reader.skip(signatureCount * SIGNATURE_LENGTH, "signatures");
  const messageOffset = reader.offset;

  const prefix = reader.u8("message header");
  const versioned = (prefix & 0x80) !== 0;
  if (versioned && (prefix & 0x7f) !== 0) {
    throw new InputError(`${FIELD} uses message version ${prefix & 0x7f}; only legacy and v0 are supported`);
  }
  const numRequiredSignatures = versioned ? reader.u8("message header") : prefix;
  reader.skip(2, "message header"); // read-only signed / unsigned account counts
  const keyCount = reader.shortVec("account key count");
  const keysOffset = reader.offset;
  reader.skip(keyCount * KEY_LENGTH, "account keys");
  const blockhashOffset = reader.offset;
  reader.skip(KEY_LENGTH, "recent blockhash");

  const instructionCount = reader.shortVec("instruction count");
  const instructionAccounts: number[][] = [];
  for (let i = 0; i < instructionCount; i++) {
    reader.skip(1, "instruction program index");
    const accountCount = reader.shortVec("instruction account count");
    const start = reader.offset;
    reader.skip(accountCount, "instruction accounts");
    instructionAccounts.push([...bytes.subarray(start, start + accountCount)]);
    reader.skip(reader.shortVec("instruction data length"), "instruction data");
  }
  if (versioned) {
    const lookupCount = reader.shortVec("address table lookup count");
    for (let i = 0; i < lookupCount; i++) {
      reader.skip(KEY_LENGTH, "address table key");
      reader.skip(reader.shortVec("writable index count"), "writable indexes");
      reader.skip(reader.shortVec("read-only index count"), "read-only indexes");
    }
  }
  if (reader.offset !== bytes.length) {
    throw new InputError(`${FIELD} has ${bytes.length - reader.offset} unexpected bytes after the message`);
  }

  if (numRequiredSignatures === 0 || numRequiredSignatures > keyCount) {
    throw new InputError(
      `${FIELD} has an invalid message header: ${numRequiredSignatures} required signatures for ${keyCount} account keys`,
    );
  }
  if (signatureCount !== numRequiredSignatures) {
    throw new InputError(
      `${FIELD} has ${signatureCount} signature slots but its message requires ${numRequiredSignatures} signatures`,
    );
  }
  const requiredSigners: Uint8Array[] = [];
  for (let i = 0; i < numRequiredSignatures; i++) {
    const start = keysOffset + i * KEY_LENGTH;
    requiredSigners.push(bytes.subarray(start, start + KEY_LENGTH));
  }
  return { signaturesOffset, messageOffset, requiredSigners, blockhashOffset, instructionAccounts };
}

class Reader {
  offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  u8(what: string): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw truncated(what);
    this.offset += 1;
    return value;
  }

  skip(length: number, what: string): void {
    if (this.offset + length > this.bytes.length) throw truncated(what);
    this.offset += length;
  }

  /** Solana's compact-u16: 7 bits per byte, low first, high bit = more; at most 3 bytes. */
  shortVec(what: string): number {
    let value = 0;
    for (let i = 0; i < 3; i++) {
      const byte = this.u8(what);
      value |= (byte & 0x7f) << (7 * i);
      if ((byte & 0x80) === 0) {
        if (i > 0 && byte === 0) throw new InputError(`${FIELD} has a non-canonical length in its ${what}`);
        if (value > 0xffff) throw new InputError(`${FIELD} has an out-of-range ${what}`);
        return value;
      }
    }
    throw new InputError(`${FIELD} has an over-long length in its ${what}`);
  }
}

function truncated(what: string): InputError {
  return new InputError(`${FIELD} is not a serialized Solana transaction: it ends inside its ${what}`);
}
