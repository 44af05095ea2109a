import { createHash, pbkdf2, pbkdf2Sync } from "node:crypto";
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

/** Each English word's 11-bit index, looked up once per word instead of searched for in the list. */
const WORD_INDEX = new Map(wordlist.map((word, index) => [word, index]));

/**
 * True for a BIP-39 English mnemonic with a correct checksum (single spaces, lower case): the rules
 * of @scure/bip39's validateMnemonic (NFKD, 12/15/18/21/24 words, known words, the first ENT/32 bits
 * of SHA-256 of the entropy), which the tests hold it equal to. Checked on every seed a stored
 * mnemonic gives, where that function cost 170–300 µs (it re-checks all 2048 words of the list on
 * every call and searches the list for each word); this costs about 15 µs. (It also refuses a string with a
 * lone surrogate first; such a string has a word outside the list, refused here all the same.) The
 * decoded entropy is the secret itself and is zeroed before returning.
 */
export function isValidMnemonic(mnemonic: string): boolean {
  if (typeof mnemonic !== "string") return false;
  const words = mnemonic.normalize("NFKD").split(" ");
  if (!Object.hasOwn(ENTROPY_BITS, words.length)) return false;
  const entropyBytes = (words.length / 3) * 4;
  const bytes = new Uint8Array(entropyBytes + 1); // the entropy, then its checksum bits left-aligned
  try {
    let carry = 0;
    let bits = 0;
    let at = 0;
    for (const word of words) {
      const index = WORD_INDEX.get(word);
      if (index === undefined) return false;
      carry = (carry << 11) | index;
      bits += 11;
      while (bits >= 8) {
        bits -= 8;
        bytes[at++] = (carry >>> bits) & 0xff;
      }
      carry &= (1 << bits) - 1;
    }
    if (bits > 0) bytes[at] = carry << (8 - bits);
    const checksumBits = entropyBytes / 4;
    const digest = createHash("sha256").update(bytes.subarray(0, entropyBytes)).digest();
    const expected = (digest[0]! >> (8 - checksumBits)) << (8 - checksumBits);
    digest.fill(0);
    return bytes[entropyBytes] === expected;
  } finally {
    bytes.fill(0);
  }
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
