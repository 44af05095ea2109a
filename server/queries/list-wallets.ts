import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { ZWallet } from "@/lib/api/wallets";
import { wallets } from "../db/schema";
import { renderWallet } from "../wallets/render";
import { defineQuery } from "./define";

export const listWallets = defineQuery({
  path: "list_wallets",
  summary: "Every wallet of the organization, oldest first",
  request: ZOrganizationRequest,
  response: z.object({ wallets: z.array(ZWallet) }),
  async run({ app, organization }) {
    const rows = await app.db
      .select()
      .from(wallets)
      .where(eq(wallets.organizationId, organization.id))
      .orderBy(asc(wallets.id));
    return { wallets: rows.map(renderWallet) };
  },
});
