import { and, eq } from "drizzle-orm";
import { notFound } from "../api/errors";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { privateKeyAddresses, privateKeys, walletAccounts } from "../db/schema";
import { UUID_PATTERN } from "../ids";
import { withPrivateKey } from "../signer/private-key-secrets";
import type { Curve, KeyPair } from "../signer/types";
import { withWalletAccountKey } from "../signer/wallet-secrets";

/** The key named by `signWith`, usable only through `use` (the key pair is zeroed afterwards). */
export interface ResolvedSigner {
  curve: Curve;
  /** What the policy engine and the activity record see: which account or key signed. */
  source:
    | { kind: "WALLET_ACCOUNT"; walletId: string; walletAccountId: string; address: string }
    | {
        kind: "PRIVATE_KEY";
        privateKeyId: string;
      };
  use<T>(fn: (pair: KeyPair) => T | Promise<T>): Promise<T>;
}

/**
 * `signWith` is a wallet account address, a private key address or a private key id, as the
 * compatible API defines it; only this organization's accounts and keys are found.
 */
export async function resolveSigner(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  signWith: string,
): Promise<ResolvedSigner> {
  if (UUID_PATTERN.test(signWith)) {
    const [key] = await tx
      .select()
      .from(privateKeys)
      .where(and(eq(privateKeys.organizationId, organizationId), eq(privateKeys.id, signWith)));
    if (key) return privateKeySigner(app, tx, organizationId, key.id, key.curve as Curve);
  }
  const [account] = await tx
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.organizationId, organizationId), eq(walletAccounts.address, signWith)))
    .orderBy(walletAccounts.id)
    .limit(1);
  if (account) {
    const curve = account.curve as Curve;
    return {
      curve,
      source: {
        kind: "WALLET_ACCOUNT",
        walletId: account.walletId,
        walletAccountId: account.id,
        address: account.address,
      },
      use: (fn) =>
        withWalletAccountKey(
          tx,
          app.keyring,
          { walletId: account.walletId, organizationId },
          { curve, path: account.path },
          fn,
        ),
    };
  }
  const [keyAddress] = await tx
    .select({ privateKeyId: privateKeys.id, curve: privateKeys.curve })
    .from(privateKeyAddresses)
    .innerJoin(privateKeys, eq(privateKeys.id, privateKeyAddresses.privateKeyId))
    .where(
      and(eq(privateKeyAddresses.organizationId, organizationId), eq(privateKeyAddresses.address, signWith)),
    )
    .limit(1);
  if (keyAddress)
    return privateKeySigner(app, tx, organizationId, keyAddress.privateKeyId, keyAddress.curve as Curve);
  throw notFound(
    "signer",
    `${signWith} (no wallet account address, private key address or private key id of this organization)`,
  );
}

function privateKeySigner(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  privateKeyId: string,
  curve: Curve,
): ResolvedSigner {
  return {
    curve,
    source: { kind: "PRIVATE_KEY", privateKeyId },
    use: (fn) => withPrivateKey(tx, app.keyring, { privateKeyId, organizationId }, curve, fn),
  };
}
