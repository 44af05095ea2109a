import { readSolanaTransaction } from "../../encoding/solana-wire";

/** A Solana message (legacy or v0) read field by field, keys still as bytes. */
export interface SolanaMessage {
  version: "legacy" | 0;
  numRequiredSignatures: number;
  numReadonlySigned: number;
  numReadonlyUnsigned: number;
  staticKeys: Uint8Array[];
  recentBlockhash: Uint8Array;
  instructions: { programIndex: number; accounts: number[]; data: Uint8Array }[];
  lookups: { tableKey: Uint8Array; writable: number[]; readonly: number[] }[];
}

const KEY = 32;

/**
 * Reads the message of a serialized transaction (signature slots, then the message). The signer's
 * own reader (solana-wire.ts) checks the layout first, so what is refused here is exactly what the
 * signer refuses (InputError naming unsignedTransaction); this then reads what it skipped.
 */
export function readSolanaMessage(transaction: Uint8Array): SolanaMessage {
  const { messageOffset } = readSolanaTransaction(transaction);
  const r = new Reader(transaction, messageOffset);
  const prefix = r.u8();
  const versioned = (prefix & 0x80) !== 0;
  const numRequiredSignatures = versioned ? r.u8() : prefix;
  const numReadonlySigned = r.u8();
  const numReadonlyUnsigned = r.u8();
  const staticKeys = r.list(() => r.bytes(KEY));
  const recentBlockhash = r.bytes(KEY);
  const instructions = r.list(() => ({
    programIndex: r.u8(),
    accounts: [...r.bytes(r.shortVec())],
    data: r.bytes(r.shortVec()),
  }));
  const lookups = versioned
    ? r.list(() => ({
        tableKey: r.bytes(KEY),
        writable: [...r.bytes(r.shortVec())],
        readonly: [...r.bytes(r.shortVec())],
      }))
    : [];
  return {
    version: versioned ? 0 : "legacy",
    numRequiredSignatures,
    numReadonlySigned,
    numReadonlyUnsigned,
    staticKeys,
    recentBlockhash,
    instructions,
    lookups,
  };
}

/** Reads bytes the wire reader has already bounded: no length can run past the end. */
class Reader {
  constructor(
    private readonly buffer: Uint8Array,
    private offset: number,
  ) {}

  u8(): number {
    return this.buffer[this.offset++]!;
  }

  bytes(length: number): Uint8Array {
    const out = this.buffer.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  /** Solana's compact-u16 length prefix. */
  shortVec(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.u8();
      value |= (byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return value;
    }
  }

  list<T>(item: () => T): T[] {
    return Array.from({ length: this.shortVec() }, item);
  }
}
