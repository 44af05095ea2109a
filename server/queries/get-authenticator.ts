import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { authenticators } from "../db/schema";
import { notFound } from "../errors";
import { renderAuthenticator } from "../users/render";
import { defineQuery } from "./define";

export const getAuthenticator = defineQuery({
  path: "get_authenticator",
  summary: "One passkey of the organization",
  request: z.object({ organizationId: ZId, authenticatorId: ZId }),
  response: QUERY_RESPONSES.get_authenticator,
  async run({ app, organization }, request) {
    const [row] = await app.db
      .select()
      .from(authenticators)
      .where(
        and(
          eq(authenticators.organizationId, organization.id),
          eq(authenticators.id, request.authenticatorId),
        ),
      );
    if (!row) throw notFound("authenticator", request.authenticatorId);
    return { authenticator: renderAuthenticator(row) };
  },
});
