import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { renderApiKey } from "../users/render";
import { defineQuery } from "./define";

export const getApiKeys = defineQuery({
  path: "get_api_keys",
  summary: "A user's API keys (the caller's own when userId is omitted)",
  request: z.object({ organizationId: ZId, userId: ZId.optional() }),
  response: QUERY_RESPONSES.get_api_keys,
  async run({ app, organization, caller }, request) {
    const userId = request.userId ?? caller.user.id;
    if (!(await findUser(app.db, organization.id, userId))) throw notFound("user", userId);
    const rows = await app.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organization.id), eq(apiKeys.userId, userId)))
      .orderBy(asc(apiKeys.id));
    return { apiKeys: rows.map(renderApiKey) };
  },
});
