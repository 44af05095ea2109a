import { invalid } from "../errors";

/**
 * A user's permissible access methods, the reference's `accessType`: ACCESS_TYPE_WEB is the
 * dashboard (an e-mailed code, passkeys, the sessions they start), ACCESS_TYPE_API is long-lived
 * API keys, ACCESS_TYPE_ALL both. Only invitations set it (create_invitations); a user without
 * one has ACCESS_TYPE_ALL, as every user had before invitations existed.
 */
export type AccessType = "ACCESS_TYPE_WEB" | "ACCESS_TYPE_API" | "ACCESS_TYPE_ALL";

/**
 * An invitation is accepted by signing in to the dashboard with a code sent to the invitee, which
 * is web access: an API-only invitee could never accept it. Such users are made directly, with
 * their keys, by create_api_only_users.
 */
export function requireInvitableAccess(accessType: AccessType, field: string) {
  if (accessType === "ACCESS_TYPE_API") {
    throw invalid(
      `${field}: an invitation is accepted by signing in to the dashboard (web access), so ACCESS_TYPE_API cannot be invited; create API-only users with create_api_only_users, or invite with ACCESS_TYPE_WEB or ACCESS_TYPE_ALL`,
      field,
    );
  }
}

/** A web-only user holds no long-lived API key (create_api_keys); ACCESS_TYPE_ALL and unset allow them. */
export function requireApiAccess(user: { id: string; accessType: string | null }, field: string) {
  if (user.accessType === "ACCESS_TYPE_WEB") {
    throw invalid(
      `user ${user.id} was invited with ACCESS_TYPE_WEB (dashboard access only) and cannot hold API keys; invite them with ACCESS_TYPE_ALL for both`,
      field,
    );
  }
}
