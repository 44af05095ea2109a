import { ZOrganizationRequest } from "@/lib/api/common";
import { ZListUserTagsResponse } from "@/lib/api/tags";
import { loadTags } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";
import { renderTag } from "../tags/render";
import { defineQuery } from "./define";

export const listUserTags = defineQuery({
  path: "list_user_tags",
  summary: "Every user tag of the organization, oldest first",
  request: ZOrganizationRequest,
  response: ZListUserTagsResponse,
  run: async ({ app, organization }) => ({
    userTags: (await loadTags(app.db, organization.id, USER_TAGS)).map(renderTag),
  }),
});
