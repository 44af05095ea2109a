import { isP256PrivateKeyHex } from "../stampers/handed-key";

/**
 * An invitation link: `<origin>/invite#o=<organizationId>&u=<userId>&k=<privateKeyHex>`. The key
 * is an API key of the invited user that expires in a day. It travels only in the fragment,
 * which browsers never send to a server (neither in the request nor in a Referer).
 */
export interface Invitation {
  organizationId: string;
  userId: string;
  /** 64 hex characters: the private half of the invitation's P-256 API key. */
  privateKey: string;
}

/** How long an invitation's key lives, in seconds (create_api_keys' `expirationSeconds`). */
export const INVITATION_LIFETIME_SECONDS = 86_400;

export function invitationLink(origin: string, invitation: Invitation): string {
  const fragment = new URLSearchParams({
    o: invitation.organizationId,
    u: invitation.userId,
    k: invitation.privateKey,
  });
  return `${origin}/invite#${fragment}`;
}

const ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The invitation in a URL fragment (`#o=…&u=…&k=…`), or undefined when any part is missing or malformed. */
export function parseInvitation(fragment: string): Invitation | undefined {
  const fields = new URLSearchParams(fragment.replace(/^#/, ""));
  const organizationId = fields.get("o") ?? "";
  const userId = fields.get("u") ?? "";
  const privateKey = (fields.get("k") ?? "").toLowerCase();
  if (!ID.test(organizationId) || !ID.test(userId) || !isP256PrivateKeyHex(privateKey)) return undefined;
  return { organizationId, userId, privateKey };
}
