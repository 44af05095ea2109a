import { verifyApiKeyStamp } from "../auth/api-key-stamp";
import { type ReadOnlySession, verifyReadOnlySession } from "../auth/read-only-session";
import { hasStampHeader, readStampHeader, type VerifiedStamp } from "../auth/stamp";
import { verifyWebAuthnStamp } from "../auth/webauthn-stamp";
import type { AppContext } from "../context";
import { unauthenticated } from "../errors";

/** What authentication reads of a request: its headers (the body comes verified as `raw`). */
type Headed = Pick<Request, "headers">;

/** A stamp, and the read-only session sent beside it if any (which must then name the same user). */
export type Stamped = { kind: "stamp"; stamp: VerifiedStamp; session?: ReadOnlySession };
/** What authenticates a query: a stamp, or a read-only session JWT alone (X-Session). */
export type QueryCredentials = Stamped | { kind: "session"; session: ReadOnlySession };

async function verifyStamp(app: AppContext, request: Headed, raw: Uint8Array): Promise<VerifiedStamp> {
  const header = readStampHeader(request.headers);
  if (header.kind === "API_KEY") return verifyApiKeyStamp(header.value, raw);
  return verifyWebAuthnStamp(app.db, app.config, header.value, raw);
}

/** X-Session, verified when present: a token that is sent is honoured or refused, never ignored. */
function readSession(app: AppContext, request: Headed): ReadOnlySession | undefined {
  const token = request.headers.get("x-session");
  if (token === null) return undefined;
  return verifyReadOnlySession(app.serverKey, token.trim(), app.clock.now());
}

async function stamped(app: AppContext, request: Headed, raw: Uint8Array): Promise<Stamped> {
  const stamp = await verifyStamp(app, request, raw);
  return { kind: "stamp", stamp, session: readSession(app, request) };
}

/**
 * An activity is always stamped: the stamp is what the activity records and what votes publish.
 * A read-only session has nothing to record and is read-only by name, so X-Session alone is a 401.
 */
export async function authenticateActivity(
  app: AppContext,
  request: Headed,
  raw: Uint8Array,
): Promise<Stamped> {
  if (!hasStampHeader(request.headers) && request.headers.get("x-session") !== null) {
    throw unauthenticated(
      "SESSION_READ_ONLY",
      "activities must be stamped (X-Stamp or X-Stamp-WebAuthn): X-Session carries a read-only session, which authorizes queries only",
    );
  }
  return stamped(app, request, raw);
}

/** A query: stamped like an activity, or — with no stamp header at all — by a read-only session. */
export async function authenticateQuery(
  app: AppContext,
  request: Headed,
  raw: Uint8Array,
): Promise<QueryCredentials> {
  if (!hasStampHeader(request.headers)) {
    const session = readSession(app, request);
    if (session) return { kind: "session", session };
  }
  return stamped(app, request, raw);
}
