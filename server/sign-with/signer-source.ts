import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { privateKeyAddresses, privateKeys, walletAccounts } from "../db/schema";
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
  if (UUID_PATTERN.test(signWith)) {
    const [key] = await db
      .select({ id: privateKeys.id, curve: privateKeys.curve })
      .from(privateKeys)
      .where(and(eq(privateKeys.organizationId, organizationId), eq(privateKeys.id, signWith)));
    if (key) return { kind: "PRIVATE_KEY", privateKeyId: key.id, curve: key.curve as Curve };
  }
  const [account] = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.organizationId, organizationId), eq(walletAccounts.address, signWith)))
    .orderBy(walletAccounts.id)
    .limit(1);
  if (account) {
    return {
      kind: "WALLET_ACCOUNT",
      walletId: account.walletId,
      walletAccountId: account.id,
      address: account.address,
      path: account.path,
      curve: account.curve as Curve,
    };
  }
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
