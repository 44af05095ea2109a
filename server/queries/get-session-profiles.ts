import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZGetSessionProfilesRequest } from "@/lib/api/session-profiles";
import { listSessionProfiles, renderSessionProfile } from "../sessions/profiles";
import { defineQuery } from "./define";

export const getSessionProfiles = defineQuery({
  path: "get_session_profiles",
  summary: "Every session profile of the organization, oldest first",
  request: ZGetSessionProfilesRequest,
  response: QUERY_RESPONSES.get_session_profiles,
  run: async ({ app, organization }) => ({
    sessionProfiles: (await listSessionProfiles(app.db, organization.id)).map(renderSessionProfile),
  }),
});
