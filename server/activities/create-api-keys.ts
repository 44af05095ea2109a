import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateApiKeysParams } from "@/lib/api/credentials";
import { apiKeyFromParams, insertApiKeys } from "../credentials/api-keys";
import { notFound } from "../errors";
import { textParam } from "../policy/context/params";
import { requireApiAccess } from "../users/access-type";
import { findUser } from "../users/find";
import { defineActivity } from "./define";
import { count, nameList } from "./summary-text";

export const createApiKeys = defineActivity({
  path: "create_api_keys",
  type: ACTIVITY_TYPES.create_api_keys,
  resource: "CREDENTIAL",
  action: "CREATE",
  policyParams: [textParam("user_id", "userId")],
  intentKey: "createApiKeysIntentV2",
  resultKey: "createApiKeysResult",
  summary: "Add API keys to a user",
  describe: (p, n) =>
    `Add ${count(p.apiKeys.length, "API key")} for ${n.user(p.userId)}: ${nameList(p.apiKeys.map((k) => k.apiKeyName))}`,
  params: ZCreateApiKeysParams,
  result: z.object({ apiKeyIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ tx, organization, now }, params) {
    const user = await findUser(tx, organization.id, params.userId);
    if (!user) throw notFound("user", params.userId);
    requireApiAccess(user, "parameters.userId");
    const keys = params.apiKeys.map((k, i) => apiKeyFromParams(k, `parameters.apiKeys[${i}]`));
    return { apiKeyIds: await insertApiKeys(tx, organization.id, params.userId, keys, now) };
  },
});
