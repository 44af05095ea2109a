import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadTags } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";
import { renderTag } from "../tags/render";
import { defineQuery } from "./define";

export const listUserTags = defineQuery({
  path: "list_user_tags",
  summary: "Every user tag of the organization, oldest first",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_user_tags,
  run: async ({ app, organization }) => ({
    userTags: (await loadTags(app.db, organization.id, USER_TAGS)).map(renderTag),
  }),
});
