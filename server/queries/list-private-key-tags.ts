import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadTags } from "../tags/find";
import { PRIVATE_KEY_TAGS } from "../tags/kinds";
import { renderTag } from "../tags/render";
import { defineQuery } from "./define";

export const listPrivateKeyTags = defineQuery({
  path: "list_private_key_tags",
  summary: "Every private key tag of the organization, oldest first",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_private_key_tags,
  run: async ({ app, organization }) => ({
    privateKeyTags: (await loadTags(app.db, organization.id, PRIVATE_KEY_TAGS)).map(renderTag),
  }),
});
