import type { ServerSigningKey } from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import { denied, unauthenticated } from "../errors";
import { verifySessionJwt } from "../sessions/jwt";
import { actingOrganizations, liveUser, type Reader } from "./caller";

/** A read-only session JWT (X-Session) this server issued, unexpired: whom it lets read. */
export interface ReadOnlySession {
  userId: string;
  organizationId: string;
  expiresAt: Date;
}

/**
 * Verify an X-Session token: this server's signature, SESSION_TYPE_READ_ONLY, not expired. A
 * read-write session JWT is refused rather than honoured: it names a session key, and what
 * proves the holder has that key is a stamp by it, not the (copyable) JWT.
 */
export function verifyReadOnlySession(key: ServerSigningKey, token: string, now: Date): ReadOnlySession {
  const claims = verifySessionJwt(key, token);
  if (claims.session_type !== "SESSION_TYPE_READ_ONLY") {
    const readWrite = claims.session_type === "SESSION_TYPE_READ_WRITE";
    throw unauthenticated(
      "SESSION_NOT_READ_ONLY",
      readWrite
        ? `X-Session holds a read-write session JWT; only read-only sessions go in X-Session. A read-write session authenticates by stamping requests with its session key (public_key ${claims.public_key})`
        : `X-Session holds a session of type ${claims.session_type}; only SESSION_TYPE_READ_ONLY sessions go in X-Session`,
    );
  }
  const expiresAt = new Date(claims.exp * 1000);
  if (expiresAt.getTime() <= now.getTime()) {
    throw unauthenticated(
      "SESSION_EXPIRED",
      `read-only session expired at ${expiresAt.toISOString()}; create a new one (create_read_only_session)`,
    );
  }
  return { userId: claims.user_id, organizationId: claims.organization_id, expiresAt };
}

/**
 * The reader a read-only session speaks for, under the rules a stamped query follows
 * (resolveCaller): the target must exist (404), be the session's organization or one of its
 * sub-organizations (403 otherwise, as for a key of another organization), and the session's
 * user must still be a live member of its organization — deleting the user ends their sessions.
 */
export async function resolveSessionReader(
  db: DbOrTx,
  session: ReadOnlySession,
  targetOrganizationId: string,
): Promise<Reader> {
  const chain = await actingOrganizations(db, targetOrganizationId, true);
  const target = chain[0]!;
  const organization = chain.find((o) => o.id === session.organizationId);
  if (!organization) {
    throw denied(
      "ORGANIZATION_MISMATCH",
      `this read-only session belongs to another organization and cannot read organization ${target.id}`,
    );
  }
  const gone = "the user of this read-only session no longer exists";
  const user = await liveUser(db, session.userId, gone);
  if (user.organizationId !== organization.id) throw unauthenticated("USER_NOT_FOUND", gone);
  return {
    user,
    organization,
    isRoot: organization.id === target.id && target.rootUserIds.includes(user.id),
  };
}

/**
 * With a stamp, the stamp authenticates; an X-Session sent beside it must speak for the same user
 * of the same organization. Anything else is refused, never ignored: a client sending one user's
 * session with another's stamp is confused about who it is, and should hear so.
 */
export function requireSameHolder(session: ReadOnlySession, caller: Reader): void {
  if (session.userId === caller.user.id && session.organizationId === caller.organization.id) return;
  throw unauthenticated(
    "SESSION_MISMATCH",
    `X-Session is a session of user ${session.userId} in organization ${session.organizationId}, but the stamp is by user ${caller.user.id} of organization ${caller.organization.id}; send that user's own session or no X-Session`,
  );
}
