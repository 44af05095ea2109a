import { importP256PrivateKey } from "../stampers/handed-key";
import { ApiRequestError, completed, query, submit } from "./api";
import { INVITATION_LIFETIME_SECONDS, type Invitation } from "./invitation-link";
import { signIn } from "./login";
import { isPromptCancelled, registerPasskeyOnThisDevice } from "./register-passkey";
import type { StoredSession } from "./session-store";

/** Why an invitation cannot be taken up, in words for the person holding the link. */
export class InvitationError extends Error {}

export const MALFORMED_INVITATION =
  "This invitation link is incomplete or damaged. Copy the whole link again, or ask for a new one.";
export const INVITATION_GONE =
  "This invitation has expired or was already used. Ask the person who invited you for a new one.";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** An invitation whose key the server still knows: who it invites, to where. */
export interface OpenInvitation {
  invitation: Invitation;
  organizationName: string;
  userName: string;
  /** The invitation key's own id, so that accepting can delete it (one use only). */
  apiKeyId: string;
  /** The invitation key, shaped as a session so the dashboard's API client stamps with it. */
  holder: StoredSession;
}

/**
 * The server answers 401 for a key it does not know (deleted: used) or that has expired, and 403
 * for a key of another organization: to the holder of the link, all of them mean it is spent.
 */
function spentKey(error: unknown): never {
  if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) {
    throw new InvitationError(INVITATION_GONE);
  }
  throw error;
}

/** Read an invitation with its own key: `whoami`, then the key's id among the user's keys. */
export async function openInvitation(invitation: Invitation): Promise<OpenInvitation> {
  const key = await importP256PrivateKey(invitation.privateKey);
  // Only key and organizationId are read by the API client; the key lives a day at most.
  const holder: StoredSession = {
    key,
    organizationId: invitation.organizationId,
    userId: invitation.userId,
    expiresAt: Date.now() + INVITATION_LIFETIME_SECONDS * 1000,
  };
  const me = await query(holder, "whoami").catch(spentKey);
  if (me.userId !== invitation.userId) throw new InvitationError(MALFORMED_INVITATION);
  const { apiKeys } = await query(holder, "get_api_keys", { userId: me.userId }).catch(spentKey);
  const own = apiKeys.find((k) => k.credential.publicKey === key.publicKey);
  if (!own) throw new InvitationError(INVITATION_GONE);
  return {
    invitation,
    organizationName: me.organizationName,
    userName: me.username,
    apiKeyId: own.apiKeyId,
    holder,
  };
}

/**
 * Take up an invitation: make a passkey on this device, register it for the invited user with the
 * invitation key (a user may add their own passkeys), delete that key with itself so the link
 * works once, then sign in with the new passkey.
 */
export async function acceptInvitation(open: OpenInvitation): Promise<void> {
  const { organizationId, userId } = open.invitation;
  const { challenge } = await query(open.holder, "get_registration_challenge", { userId }).catch(spentKey);
  const passkey = await registerPasskeyOnThisDevice(open.userName, `${open.userName}'s passkey`, challenge);
  const signer = { session: open.holder };
  const registered = completed(
    await submit(
      organizationId,
      "create_authenticators",
      { userId, authenticators: [passkey] },
      signer,
    ).catch(spentKey),
  );
  if (registered.status !== "ACTIVITY_STATUS_COMPLETED") {
    // A policy of this organization holds even a user's own passkeys for approval.
    throw new InvitationError(
      "Your passkey waits for approval by the organization's root users. Once it is approved, sign in on the sign-in page.",
    );
  }
  try {
    completed(
      await submit(organizationId, "delete_api_keys", { userId, apiKeyIds: [open.apiKeyId] }, signer),
    );
  } catch (error) {
    // The passkey exists: trying again here would make a second one. Say what is left to do.
    const reason = messageOf(error);
    throw new InvitationError(
      `Your passkey is registered, but the invitation could not be retired (${reason}); it expires by itself within a day. Sign in on the sign-in page.`,
    );
  }
  await signIn(organizationId).catch((error: unknown) => {
    const reason = isPromptCancelled(error) ? "the passkey prompt was closed" : messageOf(error);
    throw new InvitationError(`Your passkey is registered; sign in with it on the sign-in page (${reason}).`);
  });
}
