import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreatePrivateKeyTagParams } from "@/lib/api/tags";
import { PRIVATE_KEY_TAGS } from "../tags/kinds";
import { createTag } from "../tags/operations";
import { defineActivity } from "./define";
import { count, nameList } from "./summary-text";

export const createPrivateKeyTag = defineActivity({
  path: "create_private_key_tag",
  type: ACTIVITY_TYPES.create_private_key_tag,
  resource: "PRIVATE_KEY",
  action: "CREATE",
  targets: (params) => ({ privateKeyIds: params.privateKeyIds }),
  intentKey: "createPrivateKeyTagIntent",
  resultKey: "createPrivateKeyTagResult",
  summary: "Create a private key tag (names are unique in the organization) and attach it to private keys",
  describe: (p, n) =>
    `Create private key tag ${p.privateKeyTagName} on ${count(p.privateKeyIds.length, "key")}${p.privateKeyIds.length ? `: ${nameList(p.privateKeyIds.map(n.privateKey))}` : ""}`,
  params: ZCreatePrivateKeyTagParams,
  result: z.object({ privateKeyTagId: z.string(), privateKeyIds: z.array(z.string()) }),
  async execute({ tx, organization, now }, params) {
    const created = await createTag(
      tx,
      organization.id,
      PRIVATE_KEY_TAGS,
      { name: params.privateKeyTagName, targetIds: params.privateKeyIds },
      now,
    );
    return { privateKeyTagId: created.tagId, privateKeyIds: created.targetIds };
  },
});
