import { pbkdf2, pbkdf2Sync } from "node:crypto";
import * as bip39 from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { SignerInputError } from "../errors";

/** BIP-39 lengths and the entropy each encodes (11 bits a word, one checksum bit per 32). */
const ENTROPY_BITS = { 12: 128, 15: 160, 18: 192, 21: 224, 24: 256 } as const;
export type MnemonicLength = keyof typeof ENTROPY_BITS;

export function generateMnemonic(words: MnemonicLength): string {
  const strength = ENTROPY_BITS[words];
  if (strength === undefined) {
    throw new SignerInputError("mnemonicLength: must be 12, 15, 18, 21 or 24 words");
  }
  return bip39.generateMnemonic(wordlist, strength);
}

/** True for a BIP-39 English mnemonic with a correct checksum (single spaces, lower case). */
export function isValidMnemonic(mnemonic: string): boolean {
  return typeof mnemonic === "string" && bip39.validateMnemonic(mnemonic, wordlist);
}

/** BIP-39's PBKDF2 inputs; the caller zeroes the password when done. Never echoes the words. */
function seedInputs(mnemonic: string, passphrase: string): { password: Buffer; salt: Buffer } {
  if (!isValidMnemonic(mnemonic)) {
    // Never echo the words: a near-miss mnemonic is still most of a secret.
    throw new SignerInputError(
      "mnemonic: not a valid BIP-39 English mnemonic (12 to 24 known words, single spaces, valid checksum)",
    );
  }
  return {
    password: Buffer.from(mnemonic.normalize("NFKD"), "utf8"),
    salt: Buffer.from(`mnemonic${passphrase.normalize("NFKD")}`, "utf8"),
  };
}

// BIP-39's PBKDF2-HMAC-SHA512, 2048 rounds, through OpenSSL: an order of magnitude faster than the
// same function in JavaScript.
const ROUNDS = 2048;

/** A view of the derived bytes, not a copy: zeroing the seed zeroes the only copy there is. */
const asSeed = (derived: Buffer) => new Uint8Array(derived.buffer, derived.byteOffset, derived.byteLength);

/** The 64-byte BIP-39 seed. The caller owns it and zeroes it when done. */
export function mnemonicToSeed(mnemonic: string, passphrase = ""): Uint8Array {
  const { password, salt } = seedInputs(mnemonic, passphrase);
  try {
    return asSeed(pbkdf2Sync(password, salt, ROUNDS, 64, "sha512"));
  } finally {
    password.fill(0);
  }
}

/**
 * The same seed computed on libuv's thread pool: the ~1.5 ms of PBKDF2 that a wallet's creation,
 * an account's derivation and an older account's first signature cost leave the event loop, which
 * serves other requests meanwhile (docs/scaling.md, eleventh pass). The caller zeroes the seed.
 */
export async function mnemonicToSeedOffLoop(mnemonic: string, passphrase = ""): Promise<Uint8Array> {
  const { password, salt } = seedInputs(mnemonic, passphrase);
  try {
    return await new Promise<Uint8Array>((resolve, reject) =>
      pbkdf2(password, salt, ROUNDS, 64, "sha512", (error, seed) =>
        error ? reject(error) : resolve(asSeed(seed)),
      ),
    );
  } finally {
    password.fill(0);
  }
}
