import { base58 } from "@scure/base";
import { rejecter, show } from "./errors";

/** A program id: base58 text of exactly 32 bytes, returned as sent (base58 has one spelling per key). */
export function normalizeSolanaProgramId(address: string, field: string): string {
  const reject = rejecter(field);
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(address);
  } catch {
    return reject(`must be a base58 Solana program id, not ${show(address)}`);
  }
  if (bytes.length !== 32) {
    reject(`decodes to ${bytes.length} bytes; a Solana program id is 32 bytes (base58, 32 to 44 characters)`);
  }
  return address;
}
