import { and, eq } from "drizzle-orm";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZGetSessionProfileRequest } from "@/lib/api/session-profiles";
import { sessionProfiles } from "../db/schema";
import { notFound } from "../errors";
import { renderSessionProfile } from "../sessions/profiles";
import { defineQuery } from "./define";

export const getSessionProfile = defineQuery({
  path: "get_session_profile",
  summary: "One session profile of the organization",
  request: ZGetSessionProfileRequest,
  response: QUERY_RESPONSES.get_session_profile,
  async run({ app, organization }, request) {
    const [row] = await app.db
      .select()
      .from(sessionProfiles)
      .where(
        and(
          eq(sessionProfiles.organizationId, organization.id),
          eq(sessionProfiles.id, request.sessionProfileId),
        ),
      );
    if (!row) throw notFound("session profile", request.sessionProfileId);
    return { sessionProfile: renderSessionProfile(row) };
  },
});
