import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import type { SealedSecretRow } from "../db/schema";
import { addressFor } from "./addresses";
import { exportBundle } from "./bundles";
import { SignerInputError } from "./errors";
import { SLIP10_CURVES } from "./hd/curves";
import { deriveKeyPair } from "./hd/derive";
import { generateMnemonic, isValidMnemonic, mnemonicToSeedOffLoop } from "./hd/mnemonic";
import type { MasterKeyring } from "./keyring";
import { type SealIdentity, seal } from "./seal";
import type { AddressFormat, Curve, KeyPair } from "./types";
import {
  type AlongsideInsert,
  deleteSecrets,
  openSealed,
  readSealed,
  type SealedEntry,
  storeNewSealed,
  storeSecret,
  withSecret,
} from "./vault";

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

export interface WalletAccountRef extends WalletRef {
  walletAccountId: string;
}

const identity = (ref: WalletRef) => ({
  id: ref.walletId,
  organizationId: ref.organizationId,
  kind: "WALLET_MNEMONIC" as const,
});

const accountIdentity = (ref: WalletAccountRef) => ({
  id: ref.walletAccountId,
  organizationId: ref.organizationId,
  kind: "WALLET_ACCOUNT_KEY" as const,
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
  /** The sealed mnemonic when the caller read it already (ciphertext; unsealed only here). */
  preloaded?: SealedSecretRow[],
): Promise<T> {
  const withSeedOf = async (mnemonic: Buffer) => {
    const seed = await mnemonicToSeedOffLoop(mnemonic.toString("utf8"));
    try {
      return await use(seed);
    } finally {
      seed.fill(0);
    }
  };
  if (!preloaded) return withSecret(db, keyring, identity(ref), withSeedOf);
  const row = preloaded.find((r) => r.id === ref.walletId);
  return openSealed(keyring, identity(ref), row, withSeedOf);
}

function derivePublic(
  seed: Uint8Array,
  spec: AccountSpec,
  keyring: MasterKeyring,
  sealAs: SealIdentity | undefined,
): { account: DerivedAccount; sealed?: SealedEntry } {
  const pair = deriveKeyPair(seed, spec.curve, spec.path);
  try {
    return {
      account: {
        ...spec,
        address: addressFor(spec.addressFormat, spec.curve, pair.publicKey),
        publicKey: Buffer.from(pair.publicKey).toString("hex"),
      },
      sealed: sealAs && { identity: sealAs, sealed: seal(keyring.current, sealAs, pair.privateKey) },
    };
  } finally {
    pair.privateKey.fill(0);
  }
}

/** The derived accounts; `storeKeys` writes their private keys, already sealed (ciphertext only). */
export interface DerivedAccounts {
  accounts: DerivedAccount[];
  /** With `alongside`, that insert (a data-modifying CTE) runs in the same statement: one round trip. */
  storeKeys(db: DbOrTx, now: Date, alongside?: AlongsideInsert): Promise<void>;
}

/**
 * Addresses and public keys of the given derivations; nothing secret leaves. With `accountIds`
 * (one per spec), each account's private key is also sealed under its id, bound to it as associated
 * data, so that signing with it later is one unseal instead of seed + derive.
 */
export async function deriveWalletAccounts(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletRef,
  specs: AccountSpec[],
  accountIds?: string[],
  /** The wallet's sealed mnemonic, read by the caller with its wallet (ciphertext; unsealed only here). */
  sealedMnemonic?: SealedSecretRow[],
): Promise<DerivedAccounts> {
  const derived =
    specs.length === 0
      ? []
      : await withSeed(
          db,
          keyring,
          ref,
          (seed) =>
            specs.map((spec, i) =>
              derivePublic(
                seed,
                spec,
                keyring,
                accountIds && accountIdentity({ ...ref, walletAccountId: accountIds[i]! }),
              ),
            ),
          sealedMnemonic,
        );
  const sealed = derived.flatMap((d) => (d.sealed ? [d.sealed] : []));
  return {
    accounts: derived.map((d) => d.account),
    storeKeys: (tx, now, alongside) => storeNewSealed(tx, sealed, now, alongside),
  };
}

/**
 * Run `use` with the account's key pair, zeroed afterwards. The account's sealed key and the
 * wallet's sealed mnemonic are read in one statement (or handed over, read with the account); the key is unsealed when there is one, and
 * otherwise (an account made before keys were sealed per account) derived from the mnemonic once
 * and sealed for next time.
 */
export async function withWalletAccountKey<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  ref: WalletAccountRef,
  derivation: { curve: Curve; path: string },
  now: Date,
  use: (pair: KeyPair) => T | Promise<T>,
  /** Both rows when the caller read them with the account (ciphertext; unsealed only here). */
  preloaded?: SealedSecretRow[],
): Promise<T> {
  const account = accountIdentity(ref);
  const rows = preloaded
    ? new Map(preloaded.map((row) => [row.id, row]))
    : await readSealed(db, [ref.walletAccountId, ref.walletId]);
  const stored = rows.get(ref.walletAccountId);
  if (stored) {
    return openSealed(keyring, account, stored, (privateKey) => use(keyPairOf(derivation.curve, privateKey)));
  }
  return openSealed(keyring, identity(ref), rows.get(ref.walletId), async (mnemonic) => {
    const seed = await mnemonicToSeedOffLoop(mnemonic.toString("utf8"));
    try {
      const pair = deriveKeyPair(seed, derivation.curve, derivation.path);
      try {
        await storeSecret(db, keyring, account, pair.privateKey, now);
        return await use(pair);
      } finally {
        pair.privateKey.fill(0);
      }
    } finally {
      seed.fill(0);
    }
  });
}

/** The pair of a stored key; its public key is computed only if the signing asks for it. */
export function keyPairOf(curve: Curve, privateKey: Uint8Array): KeyPair {
  let publicKey: Uint8Array | undefined;
  return {
    curve,
    privateKey,
    get publicKey() {
      publicKey ??= SLIP10_CURVES[curve].publicKey(privateKey);
      return publicKey;
    },
  };
}

/** Crypto-shredding of deleted accounts' sealed keys (the wallet's mnemonic stays). */
export const deleteWalletAccountKeys = (db: DbOrTx, walletAccountIds: string[]) =>
  deleteSecrets(db, walletAccountIds);

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
  ref: WalletAccountRef,
  derivation: { curve: Curve; path: string },
  targetPublicKey: string,
  now: Date,
): Promise<string> {
  return withWalletAccountKey(db, keyring, ref, derivation, now, (pair) =>
    exportBundle(serverKey, ref.organizationId, targetPublicKey, pair.privateKey),
  );
}
