import { and, asc, eq } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TFiatOnRampCredential, TOnRampProvider } from "@/lib/api/onramp";
import type { DbOrTx } from "../db/client";
import { type FiatOnRampCredentialRow, fiatOnRampCredentials } from "../db/schema";
import { ApiError, notFound } from "../errors";
import type { MasterKeyring } from "../signer/keyring";
import { OnRampSecretError, withOnRampSecrets } from "../signer/onramp-secrets";
import type { ProviderAccount } from "./providers/types";

export async function credentialById(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(fiatOnRampCredentials)
    .where(and(eq(fiatOnRampCredentials.organizationId, organizationId), eq(fiatOnRampCredentials.id, id)));
  if (!row) throw notFound("fiat on-ramp credential", id);
  return row;
}

export async function credentialForProvider(
  db: DbOrTx,
  organizationId: string,
  provider: TOnRampProvider,
): Promise<FiatOnRampCredentialRow | undefined> {
  const [row] = await db
    .select()
    .from(fiatOnRampCredentials)
    .where(
      and(
        eq(fiatOnRampCredentials.organizationId, organizationId),
        eq(fiatOnRampCredentials.provider, provider),
      ),
    );
  return row;
}

export const listCredentials = (db: DbOrTx, organizationId: string) =>
  db
    .select()
    .from(fiatOnRampCredentials)
    .where(eq(fiatOnRampCredentials.organizationId, organizationId))
    .orderBy(asc(fiatOnRampCredentials.id));

/** The credential as the API shows it: never its secrets (encryptedSecretApiKey is always ""). */
export function renderCredential(row: FiatOnRampCredentialRow): TFiatOnRampCredential {
  return {
    fiatOnrampCredentialId: row.id,
    organizationId: row.organizationId,
    onrampProvider: row.provider as TOnRampProvider,
    ...(row.projectId ? { projectId: row.projectId } : {}),
    publishableApiKey: row.publishableApiKey,
    encryptedSecretApiKey: "",
    sandboxMode: row.sandboxMode,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

/** Run `use` with the provider account the credential describes, its secrets unsealed for the call. */
export function withProviderAccount<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  row: FiatOnRampCredentialRow,
  use: (account: ProviderAccount) => Promise<T>,
): Promise<T> {
  return withOnRampSecrets(db, keyring, row.organizationId, row.id, row.hasPrivateApiKey, (secrets) =>
    use({
      publishableApiKey: row.publishableApiKey,
      projectId: row.projectId,
      sandboxMode: row.sandboxMode,
      secrets,
    }),
  );
}

/** A ciphertext the on-ramp key does not open is the caller's mistake: a 400 naming the field. */
export function secretRefused(error: unknown): never {
  if (error instanceof OnRampSecretError) {
    const field = /^(encrypted\w+)/.exec(error.message)?.[1];
    throw new ApiError("INVALID_ARGUMENT", "ONRAMP_SECRET_INVALID", error.message, {
      fieldViolations: field ? [{ field, description: error.message }] : [],
    });
  }
  throw error;
}
