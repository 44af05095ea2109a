import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ZOrganizationRequest } from "@/lib/api/common";
import { ZPrivateKey } from "@/lib/api/private-keys";
import { privateKeys } from "../db/schema";
import { renderPrivateKeys } from "../private-keys/render";
import { defineQuery } from "./define";

export const listPrivateKeys = defineQuery({
  path: "list_private_keys",
  summary: "Every private key of the organization, oldest first",
  request: ZOrganizationRequest,
  response: z.object({ privateKeys: z.array(ZPrivateKey) }),
  async run({ app, organization }) {
    const rows = await app.db
      .select()
      .from(privateKeys)
      .where(eq(privateKeys.organizationId, organization.id))
      .orderBy(asc(privateKeys.id));
    return { privateKeys: await renderPrivateKeys(app.db, rows) };
  },
});
