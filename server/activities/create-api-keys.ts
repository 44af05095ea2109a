import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateApiKeysParams } from "@/lib/api/credentials";
import { apiKeyFromParams, insertApiKeys } from "../credentials/api-keys";
import { notFound } from "../errors";
import { textParam } from "../policy/context/params";
import { findUser } from "../users/find";
import { defineActivity } from "./define";

export const createApiKeys = defineActivity({
  path: "create_api_keys",
  type: ACTIVITY_TYPES.create_api_keys,
  resource: "CREDENTIAL",
  action: "CREATE",
  policyParams: [textParam("user_id", "userId")],
  intentKey: "createApiKeysIntentV2",
  resultKey: "createApiKeysResult",
  summary: "Add API keys to a user",
  params: ZCreateApiKeysParams,
  result: z.object({ apiKeyIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ tx, organization, now }, params) {
    if (!(await findUser(tx, organization.id, params.userId))) throw notFound("user", params.userId);
    const keys = params.apiKeys.map((k, i) => apiKeyFromParams(k, `parameters.apiKeys[${i}]`));
    return { apiKeyIds: await insertApiKeys(tx, organization.id, params.userId, keys, now) };
  },
});
