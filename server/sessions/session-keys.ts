import { and, eq } from "drizzle-orm";
import { insertApiKeys } from "../credentials/api-keys";
import type { Tx } from "../db/client";
import { apiKeys } from "../db/schema";

/** The logins whose session keys prove, to an MFA step, the method that obtained them. */
export type LoginMethod =
  | "AUTHENTICATION_TYPE_EMAIL_OTP"
  | "AUTHENTICATION_TYPE_SMS_OTP"
  | "AUTHENTICATION_TYPE_OAUTH";

export const SESSION_CREDENTIAL_TYPE = "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256";

/** 15 minutes, as spec.md sets for logins, unless LATCHKEY_SESSION_SECONDS says otherwise. */
export function sessionSeconds(requested: string | undefined, configured: number): number {
  return requested ? Number(requested) : configured;
}

/**
 * Register a session public key on a user: an expiring API key of the session credential type, so
 * stamps made with it are verified like any other `X-Stamp`. With `invalidateExisting`, the user's
 * earlier sessions end in the same transaction.
 */
export async function insertSessionKey(
  tx: Tx,
  input: {
    organizationId: string;
    userId: string;
    publicKey: string;
    seconds: number;
    name?: string;
    invalidateExisting?: boolean;
    /** The session profile the login named: its scope then limits what the session submits. */
    sessionProfileId?: string;
    /** How the session was obtained, when a login proved more than a stamp: see `LoginMethod`. */
    loginMethod?: LoginMethod;
    now: Date;
  },
): Promise<{ apiKeyId: string; expiresAt: Date }> {
  if (input.invalidateExisting) {
    await tx
      .delete(apiKeys)
      .where(
        and(
          eq(apiKeys.organizationId, input.organizationId),
          eq(apiKeys.userId, input.userId),
          eq(apiKeys.credentialType, SESSION_CREDENTIAL_TYPE),
        ),
      );
  }
  const [apiKeyId] = await insertApiKeys(
    tx,
    input.organizationId,
    input.userId,
    [
      {
        name: input.name ?? `Session ${input.now.toISOString()}`,
        publicKey: input.publicKey.toLowerCase(),
        curve: "API_KEY_CURVE_P256",
        credentialType: SESSION_CREDENTIAL_TYPE,
        expirationSeconds: String(input.seconds),
        sessionProfileId: input.sessionProfileId,
        loginMethod: input.loginMethod,
      },
    ],
    input.now,
  );
  return { apiKeyId: apiKeyId!, expiresAt: new Date(input.now.getTime() + input.seconds * 1000) };
}
