import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteApiKeysParams } from "@/lib/api/credentials";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { defineActivity } from "./define";
import { count } from "./summary-text";

export const deleteApiKeys = defineActivity({
  path: "delete_api_keys",
  type: ACTIVITY_TYPES.delete_api_keys,
  resource: "CREDENTIAL",
  action: "DELETE",
  intentKey: "deleteApiKeysIntent",
  resultKey: "deleteApiKeysResult",
  summary: "Remove API keys (or sessions) from a user",
  describe: (p, n) => `Delete ${count(p.apiKeyIds.length, "API key")} of ${n.user(p.userId)}`,
  params: ZDeleteApiKeysParams,
  result: z.object({ apiKeyIds: z.array(z.string()) }),
  selfService: (params, caller) => params.userId === caller.user.id,
  async execute({ tx, organization }, params) {
    const ids = [...new Set(params.apiKeyIds)];
    const scope = and(
      eq(apiKeys.organizationId, organization.id),
      eq(apiKeys.userId, params.userId),
      inArray(apiKeys.id, ids),
    );
    const found = await tx.select({ id: apiKeys.id }).from(apiKeys).where(scope);
    const missing = ids.find((id) => !found.some((f) => f.id === id));
    if (missing) throw notFound("api key", `${missing} (of user ${params.userId})`);
    await tx.delete(apiKeys).where(scope);
    return { apiKeyIds: ids };
  },
});
