import { and, eq, is, isNull, type SQLWrapper, sql } from "drizzle-orm";
import { alias, PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx, Tx } from "../db/client";
import { prebuilt } from "../db/prebuilt";
import {
  privateKeyAddresses,
  privateKeys,
  type SealedSecretRow,
  sealedSecrets,
  type WalletAccountRow,
  type WalletRow,
  walletAccounts,
  wallets,
} from "../db/schema";
import { UUID_PATTERN } from "../ids";
import type { Curve } from "../signer/types";

/** Which account or key a `signWith` names: what signs, and what the policy engine is shown. */
export type SignerSource =
  | {
      kind: "WALLET_ACCOUNT";
      walletId: string;
      walletAccountId: string;
      address: string;
      path: string;
      curve: Curve;
      /** Read with it, for who needs them next: the policy engine's context and the signer. */
      account: WalletAccountRow;
      wallet: WalletRow | null;
      /** The account's sealed key and its wallet's sealed mnemonic, as stored (ciphertext). */
      sealed: SealedSecretRow[];
    }
  | { kind: "PRIVATE_KEY"; privateKeyId: string; curve: Curve };

/**
 * `signWith` is a private key id, a wallet account address or a private key address, as the
 * compatible API defines it; only this organization's accounts and keys are found, the same one
 * every time (lowest id first). The signer and the policy engine both ask here, so a policy always
 * sees the key that will sign — never a different one, never none where one signs.
 */
export async function findSignerSource(
  db: DbOrTx,
  organizationId: string,
  signWith: string,
): Promise<SignerSource | undefined> {
  // In a transaction the policy round and then the signer ask for the same signWith: the second
  // asks nothing of the database. Only found sources are kept, and only for the transaction.
  if (!is(db, PgTransaction)) return lookUp(db, organizationId, signWith);
  const known = found.get(db) ?? new Map<string, SignerSource>();
  found.set(db, known);
  const key = sourceKey(organizationId, signWith);
  const hit = known.get(key);
  if (hit) return hit;
  const source = await lookUp(db, organizationId, signWith);
  if (source) known.set(key, source);
  return source;
}

const found = new WeakMap<object, Map<string, SignerSource>>();
const sourceKey = (organizationId: string, signWith: string) => `${organizationId}\n${signWith}`;

/**
 * A source read by another statement of the transaction (the submission's own insert reads its
 * signer's account with it, insert-once.ts): the policy round and the signer then ask nothing.
 */
export function rememberSignerSource(tx: Tx, organizationId: string, signWith: string, source: SignerSource) {
  const known = found.get(tx) ?? new Map<string, SignerSource>();
  found.set(tx, known);
  known.set(sourceKey(organizationId, signWith), source);
}

/** Whether `signWith` can name a wallet account (an address; a UUID names a private key first). */
export const mayNameAccount = (signWith: string) => !UUID_PATTERN.test(signWith);

/** The sealed rows joined to an account: its own key, or its wallet's mnemonic for an older account. */
export const accountKey = alias(sealedSecrets, "account_key");
export const walletSeed = alias(sealedSecrets, "wallet_seed");

/** The account with its wallet and sealed rows as one statement read them, as a signer source. */
export function accountSource(row: {
  account: WalletAccountRow;
  wallet: WalletRow | null;
  accountKey: SealedSecretRow | null;
  walletSeed: SealedSecretRow | null;
}): SignerSource {
  const { account } = row;
  return {
    kind: "WALLET_ACCOUNT",
    walletId: account.walletId,
    walletAccountId: account.id,
    address: account.address,
    path: account.path,
    curve: account.curve as Curve,
    account,
    wallet: row.wallet,
    sealed: [row.accountKey, row.walletSeed].filter((s): s is SealedSecretRow => s !== null),
  };
}

/**
 * How a statement reads a signing account, for this module's own and for the submission's insert
 * that reads it ahead (insert-once.ts): the rows accountSource takes, the joins that bring them, and
 * which account answers — this organization's with that address, the lowest id when several share it.
 */
export const ACCOUNT_READ = {
  fields: { account: walletAccounts, wallet: wallets, accountKey, walletSeed },
  wallet: eq(wallets.id, walletAccounts.walletId),
  accountKey: eq(accountKey.id, walletAccounts.id),
  // The wallet's sealed mnemonic only for an account without a sealed key of its own (made before
  // keys were sealed per account), the one case the signer needs it: every other signature reads
  // one sealed row, not the mnemonic's ciphertext beside it.
  walletSeed: and(eq(walletSeed.id, walletAccounts.walletId), isNull(accountKey.id)),
  named: (organizationId: SQLWrapper, signWith: SQLWrapper) =>
    and(eq(walletAccounts.organizationId, organizationId), eq(walletAccounts.address, signWith)),
  first: walletAccounts.id,
};

// Every signature by a wallet account asks this: built once (prebuilt.ts).
const accountStatement = prebuilt((db) =>
  db
    .select(ACCOUNT_READ.fields)
    .from(walletAccounts)
    .leftJoin(wallets, ACCOUNT_READ.wallet)
    .leftJoin(accountKey, ACCOUNT_READ.accountKey)
    .leftJoin(walletSeed, ACCOUNT_READ.walletSeed)
    .where(ACCOUNT_READ.named(sql.placeholder("organizationId"), sql.placeholder("signWith")))
    .orderBy(ACCOUNT_READ.first)
    .limit(1),
);

async function lookUp(
  db: DbOrTx,
  organizationId: string,
  signWith: string,
): Promise<SignerSource | undefined> {
  if (UUID_PATTERN.test(signWith)) {
    const [key] = await db
      .select({ id: privateKeys.id, curve: privateKeys.curve })
      .from(privateKeys)
      .where(and(eq(privateKeys.organizationId, organizationId), eq(privateKeys.id, signWith)));
    if (key) return { kind: "PRIVATE_KEY", privateKeyId: key.id, curve: key.curve as Curve };
  }
  // The account with its wallet and both sealed rows, in one round trip (the signer needs the
  // account's key, or for an account made before keys were sealed per account, the mnemonic).
  const [row] = await accountStatement.run(db, { organizationId, signWith });
  if (row) return accountSource(row);
  const [keyAddress] = await db
    .select({ privateKeyId: privateKeys.id, curve: privateKeys.curve })
    .from(privateKeyAddresses)
    .innerJoin(privateKeys, eq(privateKeys.id, privateKeyAddresses.privateKeyId))
    .where(
      and(eq(privateKeyAddresses.organizationId, organizationId), eq(privateKeyAddresses.address, signWith)),
    )
    .orderBy(privateKeys.id)
    .limit(1);
  if (keyAddress) {
    return { kind: "PRIVATE_KEY", privateKeyId: keyAddress.privateKeyId, curve: keyAddress.curve as Curve };
  }
  return undefined;
}
