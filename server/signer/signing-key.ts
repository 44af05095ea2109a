import type { DbOrTx } from "../db/client";
import type { SealedSecretRow } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { withPrivateKey } from "./private-key-secrets";
import { signEthereumTransaction } from "./signing/ethereum-transaction";
import { signRawPayload } from "./signing/raw-payload";
import { signSolanaTransaction } from "./signing/solana-transaction";
import type { Curve, HashFunction, KeyPair, PayloadEncoding, RawSignature } from "./types";
import { type WalletAccountRef, withWalletAccountKey } from "./wallet-secrets";

export type TransactionType = "TRANSACTION_TYPE_ETHEREUM" | "TRANSACTION_TYPE_SOLANA";

/**
 * A stored key that can sign, and nothing more: what code outside the signer boundary holds. Each
 * call unseals the key, signs, and zeroes it; no caller ever
 * sees the key pair.
 */
export interface SigningKey {
  curve: Curve;
  signRawPayloads(
    payloads: string[],
    encoding: PayloadEncoding,
    hashFunction: HashFunction,
  ): Promise<RawSignature[]>;
  signTransaction(type: TransactionType, unsignedTransaction: string): Promise<string>;
}

type WithKey = <T>(fn: (pair: KeyPair) => T | Promise<T>) => Promise<T>;

function signingKey(curve: Curve, withKey: WithKey): SigningKey {
  return {
    curve,
    signRawPayloads: (payloads, encoding, hashFunction) =>
      withKey((pair) => payloads.map((payload) => signRawPayload(pair, payload, encoding, hashFunction))),
    signTransaction: (type, unsignedTransaction) =>
      withKey((pair) =>
        type === "TRANSACTION_TYPE_ETHEREUM"
          ? signEthereumTransaction(pair.privateKey, unsignedTransaction)
          : signSolanaTransaction(pair.privateKey, pair.publicKey, unsignedTransaction),
      ),
  };
}

/**
 * A wallet account's key: its own sealed key, unsealed for each signature (derived from the
 * wallet's mnemonic once, and sealed, for an account that has none yet).
 */
export function walletAccountSigningKey(
  db: DbOrTx,
  keyring: MasterKeyring,
  ids: WalletAccountRef,
  account: { curve: Curve; path: string },
  now: Date,
  /** The sealed rows when read with the account (see withWalletAccountKey). */
  sealed?: SealedSecretRow[],
): SigningKey {
  return signingKey(account.curve, (fn) => withWalletAccountKey(db, keyring, ids, account, now, fn, sealed));
}

/** A private key's key, unsealed for each signature. */
export function privateKeySigningKey(
  db: DbOrTx,
  keyring: MasterKeyring,
  ids: { privateKeyId: string; organizationId: string },
  curve: Curve,
): SigningKey {
  return signingKey(curve, (fn) => withPrivateKey(db, keyring, ids, curve, fn));
}
