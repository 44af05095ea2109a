/**
 * Something the caller sent that cannot be read or used: malformed hex, a truncated transaction, a
 * derivation path or format the curve cannot produce. Decoders, the signer and the contract parsers
 * raise it; the activity pipeline answers it with a 400 naming the problem. Messages never contain
 * key material.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}
