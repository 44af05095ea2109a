import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { authenticators } from "../db/schema";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { defineQuery } from "./define";

/**
 * Which of a user's passkeys proved possession at registration. The same readers as
 * get_authenticators (which keeps the reference's shape, so cannot carry the fact).
 */
export const listAuthenticatorProofs = defineQuery({
  path: "list_authenticator_proofs",
  summary:
    "Latchkey extension: for each of a user's passkeys, whether its registration proved possession (its own key signed a challenge from get_registration_challenge)",
  latchkeyExtension: true,
  request: z.object({ organizationId: ZId, userId: ZId }),
  response: QUERY_RESPONSES.list_authenticator_proofs,
  async run({ app, organization }, request) {
    if (!(await findUser(app.db, organization.id, request.userId))) throw notFound("user", request.userId);
    const rows = await app.db
      .select({
        authenticatorId: authenticators.id,
        credentialId: authenticators.credentialId,
        possessionProven: authenticators.possessionProven,
      })
      .from(authenticators)
      .where(
        and(eq(authenticators.organizationId, organization.id), eq(authenticators.userId, request.userId)),
      )
      .orderBy(asc(authenticators.id));
    return { authenticators: rows };
  },
});
