import { ZOrganizationRequest } from "@/lib/api/common";
import { ZListPrivateKeyTagsResponse } from "@/lib/api/tags";
import { loadTags } from "../tags/find";
import { PRIVATE_KEY_TAGS } from "../tags/kinds";
import { renderTag } from "../tags/render";
import { defineQuery } from "./define";

export const listPrivateKeyTags = defineQuery({
  path: "list_private_key_tags",
  summary: "Every private key tag of the organization, oldest first",
  request: ZOrganizationRequest,
  response: ZListPrivateKeyTagsResponse,
  run: async ({ app, organization }) => ({
    privateKeyTags: (await loadTags(app.db, organization.id, PRIVATE_KEY_TAGS)).map(renderTag),
  }),
});
