import { asc, eq } from "drizzle-orm";
import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { wallets } from "../db/schema";
import { renderWallet } from "../wallets/render";
import { defineQuery } from "./define";

export const listWallets = defineQuery({
  path: "list_wallets",
  summary: "Every wallet of the organization, oldest first",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_wallets,
  async run({ app, organization }) {
    const rows = await app.db
      .select()
      .from(wallets)
      .where(eq(wallets.organizationId, organization.id))
      .orderBy(asc(wallets.id));
    return { wallets: rows.map(renderWallet) };
  },
});
