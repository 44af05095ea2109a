/** The vocabulary shared by everything in server/signer, named as the compatible API names it. */

export {
  ADDRESS_FORMATS,
  type AddressFormat,
  type BitcoinKind,
  type BitcoinNetwork,
  CURVES,
  type Curve,
  HASH_FUNCTIONS,
  type HashFunction,
  PAYLOAD_ENCODINGS,
  type PayloadEncoding,
} from "@/lib/api/key-formats";

import type { Curve } from "@/lib/api/key-formats";

/**
 * A derived or generated key. `publicKey` is compressed SEC1 (33 bytes) for secp256k1 and P-256, the
 * raw 32 bytes for ed25519. Whoever holds one zeroes `privateKey` when done with it.
 */
export interface KeyPair {
  curve: Curve;
  privateKey: Uint8Array;
  publicKey: Uint8Array;
}

/** The signature parts the compatible API returns (hex, no 0x): r and s 32 bytes, v "00"/"01". */
export interface RawSignature {
  r: string;
  s: string;
  v: string;
}
