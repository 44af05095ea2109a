import { and, asc, eq } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TOauth2Credential } from "@/lib/api/oauth2";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { type Oauth2CredentialRow, oauth2Credentials } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { Oauth2SecretError } from "../signer/oauth2-secrets";
import type { Oauth2Provider } from "./config";

/** The organization's credential `id`: another organization's is as unknown as a missing one (404). */
export async function oauth2CredentialById(db: DbOrTx, organizationId: string, id: string) {
  const [row] = await db
    .select()
    .from(oauth2Credentials)
    .where(and(eq(oauth2Credentials.organizationId, organizationId), eq(oauth2Credentials.id, id)));
  if (!row) throw notFound("OAuth 2.0 credential", id);
  return row;
}

export const listOauth2Credentials = (db: DbOrTx, organizationId: string) =>
  db
    .select()
    .from(oauth2Credentials)
    .where(eq(oauth2Credentials.organizationId, organizationId))
    .orderBy(asc(oauth2Credentials.id));

/** The credential as the API shows it: never its secret (encryptedClientSecret is always ""). */
export function renderOauth2Credential(row: Oauth2CredentialRow): TOauth2Credential {
  return {
    oauth2CredentialId: row.id,
    organizationId: row.organizationId,
    provider: row.provider as Oauth2Provider,
    clientId: row.clientId,
    encryptedClientSecret: "",
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

/** The issuer serving `provider` (LATCHKEY_OAUTH2_PROVIDERS), or a 400 saying it is not configured. */
export function issuerOfProvider(app: AppContext, provider: Oauth2Provider): string {
  const issuer = app.config.oauth2Providers[provider];
  if (!issuer) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "OAUTH2_PROVIDER_NOT_CONFIGURED",
      `${provider} is not served by this installation: LATCHKEY_OAUTH2_PROVIDERS names no issuer for it`,
    );
  }
  return issuer;
}

/** A client secret the OAuth 2.0 key does not open is the caller's mistake: a 400 naming the field. */
export function clientSecretRefused(error: unknown): never {
  if (error instanceof Oauth2SecretError) {
    throw new ApiError("INVALID_ARGUMENT", "OAUTH2_SECRET_INVALID", error.message, {
      fieldViolations: [{ field: "parameters.encryptedClientSecret", description: error.message }],
    });
  }
  throw error;
}
