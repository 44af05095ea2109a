import { z } from "zod";
import { ZOrganizationRequest } from "../api/common";
import { createSessionKey, type SessionKey } from "../stampers/session-key";
import { query, submit } from "./api";
import { retireSessionKey } from "./session-reads";
import { clearSession, rememberOrganization, type StoredSession, saveSession } from "./session-store";

interface SessionClaims {
  exp: number;
  user_id: string;
  organization_id: string;
  public_key: string;
}

function claimsOf(jwt: string): SessionClaims {
  const payload = jwt.split(".")[1] ?? "";
  return JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
}

/** The sign-in form: the organization id every request names, as pasted (spaces around it dropped). */
export const ZSignInForm = z.object({
  organizationId: z.string().trim().pipe(ZOrganizationRequest.shape.organizationId),
});
export type TSignInForm = z.output<typeof ZSignInForm>;

/**
 * Sign in: the browser makes a key it can never export, the passkey signs a stamp_login that
 * registers that key as a session of its user, and reads are stamped with the key from then on.
 */
export async function signIn(organizationId: string): Promise<StoredSession> {
  const key = await createSessionKey();
  const activity = await submit(
    organizationId,
    "stamp_login",
    { publicKey: key.publicKey },
    { passkey: true },
  );
  const jwt = (activity.result as { stampLoginResult?: { session: string } }).stampLoginResult?.session;
  if (!jwt) throw new Error(activity.failure?.message ?? "the server did not start a session");
  return keepSession(jwt, key, organizationId);
}

/** Keep a session the server started for `key` (its JWT says whose it is and until when). */
export async function keepSession(
  jwt: string,
  key: SessionKey,
  organizationId: string,
): Promise<StoredSession> {
  const claims = claimsOf(jwt);
  const session: StoredSession = {
    key,
    organizationId: claims.organization_id,
    userId: claims.user_id,
    expiresAt: claims.exp * 1000,
  };
  await saveSession(session);
  rememberOrganization(organizationId);
  return session;
}

/** Sign out: the server forgets the session key (so a copy would be useless), then the browser does. */
export async function signOut(session: StoredSession): Promise<void> {
  // Forgotten here first, whatever the server then says: a read that the key's deletion refuses
  // meanwhile finds no session kept, and is not taken for a session that ended on its own, which
  // would send the one signing out to "your session ended" (app/providers.tsx).
  await clearSession();
  const { apiKeys } = await query(session, "get_api_keys", { userId: session.userId });
  const mine = apiKeys.find((k) => k.credential.publicKey === session.key.publicKey);
  // The dashboard's polls stop here, and any already sent is answered before its key is deleted.
  await retireSessionKey(session.key.publicKey);
  if (mine) {
    await submit(
      session.organizationId,
      "delete_api_keys",
      { userId: session.userId, apiKeyIds: [mine.apiKeyId] },
      { session },
    );
  }
}
