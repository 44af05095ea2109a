import type { AddressFormat, Curve } from "../types";

/**
 * Everything the signer knows about one address format. Each chain family's file exports its
 * entries; index.ts merges them into one table keyed by format.
 */
export interface AddressFormatSpec {
  /** Curves whose keys this format can encode, the usual one first. */
  curves: readonly Curve[];
  /** CAIP-2 namespace of the chain family, where the ChainAgnostic registry has one. */
  caip2: string | undefined;
  /** The path wallets of this chain usually derive account `index` at, for `curve`. */
  defaultPath(index: number, curve: Curve): string;
  /**
   * The address of a public key, already checked to be a valid key of one of `curves`:
   * 33-byte compressed SEC1 for secp256k1 and P-256, 32 raw bytes for ed25519.
   */
  encode(publicKey: Uint8Array, curve: Curve): string;
}

export type AddressFormatTable<F extends AddressFormat = AddressFormat> = Record<F, AddressFormatSpec>;
