import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpdatePrivateKeyTagParams } from "@/lib/api/tags";
import { PRIVATE_KEY_TAGS } from "../tags/kinds";
import { updateTag } from "../tags/operations";
import { defineActivity } from "./define";
import { tagChange } from "./summary-text";

export const updatePrivateKeyTag = defineActivity({
  path: "update_private_key_tag",
  type: ACTIVITY_TYPES.update_private_key_tag,
  resource: "PRIVATE_KEY",
  action: "UPDATE",
  intentKey: "updatePrivateKeyTagIntent",
  resultKey: "updatePrivateKeyTagResult",
  summary: "Rename a private key tag, and attach it to or detach it from private keys",
  describe: (p, n) =>
    tagChange(
      n.tag(p.privateKeyTagId),
      p.newPrivateKeyTagName,
      p.addPrivateKeyIds.map(n.privateKey),
      p.removePrivateKeyIds.map(n.privateKey),
    ),
  params: ZUpdatePrivateKeyTagParams,
  result: z.object({ privateKeyTagId: z.string() }),
  async execute({ tx, organization, now }, params) {
    const updated = await updateTag(
      tx,
      organization.id,
      PRIVATE_KEY_TAGS,
      {
        tagId: params.privateKeyTagId,
        newName: params.newPrivateKeyTagName,
        addIds: params.addPrivateKeyIds,
        removeIds: params.removePrivateKeyIds,
      },
      now,
    );
    return { privateKeyTagId: updated.tagId };
  },
});
