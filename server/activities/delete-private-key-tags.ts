import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeletePrivateKeyTagsParams } from "@/lib/api/tags";
import { PRIVATE_KEY_TAGS } from "../tags/kinds";
import { deleteTags } from "../tags/operations";
import { defineActivity } from "./define";
import { counted } from "./summary-text";

export const deletePrivateKeyTags = defineActivity({
  path: "delete_private_key_tags",
  type: ACTIVITY_TYPES.delete_private_key_tags,
  resource: "PRIVATE_KEY",
  action: "DELETE",
  intentKey: "deletePrivateKeyTagsIntent",
  resultKey: "deletePrivateKeyTagsResult",
  summary: "Delete private key tags and take them off every private key carrying them",
  describe: (p, n) => counted("Delete", "private key tag", p.privateKeyTagIds.map(n.tag)),
  params: ZDeletePrivateKeyTagsParams,
  result: z.object({ privateKeyTagIds: z.array(z.string()), privateKeyIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    const deleted = await deleteTags(tx, organization.id, PRIVATE_KEY_TAGS, params.privateKeyTagIds, now);
    return { privateKeyTagIds: deleted.tagIds, privateKeyIds: deleted.targetIds };
  },
});
