import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import { addressFor } from "./addresses";
import { exportBundle } from "./bundles";
import { SignerInputError } from "./errors";
import { deriveKeyPair } from "./hd/derive";
import { generateMnemonic, isValidMnemonic, mnemonicToSeed } from "./hd/mnemonic";
import type { MasterKeyring } from "./keyring";
import type { AddressFormat, Curve, KeyPair } from "./types";
import { storeSecret, withSecret } from "./vault";

/**
 * Wallets inside the signer boundary: the mnemonic is generated, sealed, unsealed and turned into
 * keys here and nowhere else. Callers get public keys, addresses, signatures (through `use`
 * callbacks that receive a key pair which is zeroed afterwards) and encrypted bundles.
 */

export interface WalletRef {
  walletId: string;
  organizationId: string;
}

export interface AccountSpec {
  curve: Curve;
  path: string;
  addressFormat: AddressFormat;
}

export interface DerivedAccount extends AccountSpec {
  address: string;
  /** Hex: compressed SEC1 for secp256k1/P-256, 32 bytes for ed25519. */
  publicKey: string;
}

const identity = (ref: WalletRef) => ({
  id: ref.walletId,
  organizationId: ref.organizationId,
  kind: "WALLET_MNEMONIC" as const,
});

export async function createWalletSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletRef,
  words: 12 | 15 | 18 | 21 | 24,
  now: Date,
): Promise<void> {
  const mnemonic = Buffer.from(generateMnemonic(words), "utf8");
  try {
    await storeSecret(db, keyring, identity(ref), mnemonic, now);
  } finally {
    mnemonic.fill(0);
  }
}

/** Seal an imported mnemonic (bytes as decrypted from the client's bundle; zeroed by the caller). */
export async function importWalletSecret(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletRef,
  mnemonic: Uint8Array,
  now: Date,
): Promise<void> {
  const words = Buffer.from(mnemonic).toString("utf8").trim().split(/\s+/);
  const normalized = Buffer.from(words.join(" "), "utf8");
  try {
    if (!isValidMnemonic(normalized.toString("utf8"))) {
      throw new SignerInputError(
        "encryptedBundle: the decrypted wallet is not a valid BIP-39 English mnemonic (word list or checksum)",
      );
    }
    await storeSecret(db, keyring, identity(ref), normalized, now);
  } finally {
    normalized.fill(0);
  }
}

async function withSeed<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletRef,
  use: (seed: Uint8Array) => T | Promise<T>,
): Promise<T> {
  return withSecret(db, keyring, identity(ref), async (mnemonic) => {
    const seed = mnemonicToSeed(mnemonic.toString("utf8"));
    try {
      return await use(seed);
    } finally {
      seed.fill(0);
    }
  });
}

function derivePublic(seed: Uint8Array, spec: AccountSpec): DerivedAccount {
  const pair = deriveKeyPair(seed, spec.curve, spec.path);
  try {
    return {
      ...spec,
      address: addressFor(spec.addressFormat, spec.curve, pair.publicKey),
      publicKey: Buffer.from(pair.publicKey).toString("hex"),
    };
  } finally {
    pair.privateKey.fill(0);
  }
}

/** Addresses and public keys of the given derivations; nothing secret leaves. */
export function deriveWalletAccounts(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletRef,
  specs: AccountSpec[],
): Promise<DerivedAccount[]> {
  if (specs.length === 0) return Promise.resolve([]);
  return withSeed(db, keyring, ref, (seed) => specs.map((spec) => derivePublic(seed, spec)));
}

/** Run `use` with the account's key pair, zeroed afterwards. */
export function withWalletAccountKey<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletRef,
  derivation: { curve: Curve; path: string },
  use: (pair: KeyPair) => T | Promise<T>,
): Promise<T> {
  return withSeed(db, keyring, ref, async (seed) => {
    const pair = deriveKeyPair(seed, derivation.curve, derivation.path);
    try {
      return await use(pair);
    } finally {
      pair.privateKey.fill(0);
    }
  });
}

/** The mnemonic, encrypted to the caller's target key (decryptExportBundle with returnMnemonic). */
export function exportWalletMnemonic(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  ref: WalletRef,
  targetPublicKey: string,
): Promise<string> {
  return withSecret(db, keyring, identity(ref), (mnemonic) =>
    exportBundle(serverKey, ref.organizationId, targetPublicKey, mnemonic),
  );
}

/** One account's private key, encrypted to the caller's target key (decryptExportBundle). */
export function exportWalletAccountKey(
  db: DbOrTx,
  keyring: MasterKeyring,
  serverKey: ServerSigningKey,
  ref: WalletRef,
  derivation: { curve: Curve; path: string },
  targetPublicKey: string,
): Promise<string> {
  return withWalletAccountKey(db, keyring, ref, derivation, (pair) =>
    exportBundle(serverKey, ref.organizationId, targetPublicKey, pair.privateKey),
  );
}
