import { and, eq } from "drizzle-orm";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZListSecretsRequest } from "@/lib/api/secrets";
import { secrets } from "../db/schema";
import { renderSecret } from "../secrets/store";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

export const listSecrets = defineQuery({
  path: "list_secrets",
  summary:
    "The organization's secrets (import_secrets): metadata only, newest first. The secrets themselves " +
    "leave only through export_secrets, encrypted to a target key",
  request: ZListSecretsRequest,
  response: QUERY_RESPONSES.list_secrets,
  async run({ app, organization }, request) {
    const page = pageOf(secrets.id, request.paginationOptions, "newest-first");
    const rows = await app.db
      .select()
      .from(secrets)
      .where(and(eq(secrets.organizationId, organization.id), page.where))
      .orderBy(page.orderBy)
      .limit(page.limit);
    return { secrets: (page.reverse ? rows.reverse() : rows).map(renderSecret) };
  },
});
