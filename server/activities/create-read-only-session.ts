import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateReadOnlySessionParams } from "@/lib/api/sessions";
import { issueSessionJwt } from "../sessions/jwt";
import { defineActivity } from "./define";

/** The swagger: "Create a read only session for a user (valid for 1 hour)". */
const READ_ONLY_SESSION_SECONDS = 3600;

/**
 * A read-only session JWT for the caller, signed by the server key (SESSION_TYPE_READ_ONLY, no
 * public key).
 *
 * Official clients send it in an `X-Session` header so that reads need no passkey prompt
 * (@turnkey/sdk-browser's `login()` stores it and adds the header to every request). Latchkey
 * honours it for queries only (server/auth/read-only-session.ts): sent without a stamp, a query
 * runs as the session's user, under the same organization rules as that user's stamped query.
 * Activities must be stamped, so X-Session alone on a submit is a 401. Beside a stamp it must name
 * the stamp's user and organization, or the request is refused.
 *
 * Lifetime: one hour from issue (`exp`), with no list of sessions to revoke: a session stops
 * working when it expires or when its user is deleted (the user must be live at every request).
 */
export const createReadOnlySession = defineActivity({
  path: "create_read_only_session",
  type: ACTIVITY_TYPES.create_read_only_session,
  resource: "AUTH",
  action: "CREATE",
  intentKey: "createReadOnlySessionIntent",
  resultKey: "createReadOnlySessionResult",
  summary:
    "Issue a read-only session JWT for the caller (valid for 1 hour; sent as X-Session, it authorizes the caller's queries)",
  describe: () => "Open a read-only session for the caller",
  params: ZCreateReadOnlySessionParams,
  result: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    userId: z.string(),
    username: z.string(),
    session: z.string(),
    sessionExpiry: z.string(),
  }),
  selfService: () => true,
  async execute({ app, organization, caller, now }) {
    const exp = Math.floor(now.getTime() / 1000) + READ_ONLY_SESSION_SECONDS;
    const session = issueSessionJwt(app.serverKey, {
      exp,
      public_key: "",
      session_type: "SESSION_TYPE_READ_ONLY",
      user_id: caller.user.id,
      organization_id: organization.id,
    });
    return {
      organizationId: organization.id,
      organizationName: organization.name,
      userId: caller.user.id,
      username: caller.user.name,
      session,
      sessionExpiry: String(exp),
    };
  },
});
