import { pbkdf2Sync } from "node:crypto";
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

/** The 64-byte BIP-39 seed. The caller owns it and zeroes it when done. */
export function mnemonicToSeed(mnemonic: string, passphrase = ""): Uint8Array {
  if (!isValidMnemonic(mnemonic)) {
    // Never echo the words: a near-miss mnemonic is still most of a secret.
    throw new SignerInputError(
      "mnemonic: not a valid BIP-39 English mnemonic (12 to 24 known words, single spaces, valid checksum)",
    );
  }
  // BIP-39's PBKDF2-HMAC-SHA512, 2048 rounds, through OpenSSL: an order of magnitude faster than the
  // same function in JavaScript, and it runs on every signature with a wallet account.
  const password = Buffer.from(mnemonic.normalize("NFKD"), "utf8");
  const salt = Buffer.from(`mnemonic${passphrase.normalize("NFKD")}`, "utf8");
  try {
    return new Uint8Array(pbkdf2Sync(password, salt, 2048, 64, "sha512"));
  } finally {
    password.fill(0);
  }
}
