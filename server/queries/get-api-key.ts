import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { renderApiKey } from "../users/render";
import { defineQuery } from "./define";

export const getApiKey = defineQuery({
  path: "get_api_key",
  summary: "One API key of the organization",
  request: z.object({ organizationId: ZId, apiKeyId: ZId }),
  response: QUERY_RESPONSES.get_api_key,
  async run({ app, organization }, request) {
    const [row] = await app.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.organizationId, organization.id), eq(apiKeys.id, request.apiKeyId)));
    if (!row) throw notFound("api key", request.apiKeyId);
    return { apiKey: renderApiKey(row) };
  },
});
