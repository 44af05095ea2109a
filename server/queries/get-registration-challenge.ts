import { toTimestamp } from "@/lib/api/common";
import { ZRegistrationChallengeRequest } from "@/lib/api/credentials";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { issueRegistrationChallenge } from "../credentials/registration-challenges";
import { notFound } from "../errors";
import { findUser } from "../users/find";
import { defineQuery } from "./define";

/**
 * A query that writes one row: the challenge must be remembered to be spent once. It changes
 * nothing anyone reads, so it needs no activity, vote or policy; a registration that uses it does.
 */
export const getRegistrationChallenge = defineQuery({
  path: "get_registration_challenge",
  latchkeyExtension: true,
  summary:
    "Latchkey extension: a single-use passkey registration challenge (5 minutes) for this organization and optionally one of its users; a registration that signs it proves possession of the passkey",
  request: ZRegistrationChallengeRequest,
  response: QUERY_RESPONSES.get_registration_challenge,
  async run({ app, organization, now }, request) {
    if (request.userId && !(await findUser(app.db, organization.id, request.userId))) {
      throw notFound("user", request.userId);
    }
    const issued = await issueRegistrationChallenge(
      app.db,
      { organizationId: organization.id, userId: request.userId },
      now,
    );
    return { challenge: issued.challenge, expiresAt: toTimestamp(issued.expiresAt) };
  },
});
