import { asc, eq } from "drizzle-orm";
import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { privateKeys } from "../db/schema";
import { renderPrivateKeys } from "../private-keys/render";
import { defineQuery } from "./define";

export const listPrivateKeys = defineQuery({
  path: "list_private_keys",
  summary: "Every private key of the organization, oldest first",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_private_keys,
  async run({ app, organization }) {
    const rows = await app.db
      .select()
      .from(privateKeys)
      .where(eq(privateKeys.organizationId, organization.id))
      .orderBy(asc(privateKeys.id));
    return { privateKeys: await renderPrivateKeys(app.db, rows) };
  },
});
