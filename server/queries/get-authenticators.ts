import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { authenticators } from "../db/schema";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { renderAuthenticator } from "../users/render";
import { defineQuery } from "./define";

export const getAuthenticators = defineQuery({
  path: "get_authenticators",
  summary: "A user's passkeys",
  request: z.object({ organizationId: ZId, userId: ZId }),
  response: QUERY_RESPONSES.get_authenticators,
  async run({ app, organization }, request) {
    if (!(await findUser(app.db, organization.id, request.userId))) throw notFound("user", request.userId);
    const rows = await app.db
      .select()
      .from(authenticators)
      .where(
        and(eq(authenticators.organizationId, organization.id), eq(authenticators.userId, request.userId)),
      )
      .orderBy(asc(authenticators.id));
    return { authenticators: rows.map(renderAuthenticator) };
  },
});
