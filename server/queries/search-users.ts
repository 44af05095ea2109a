import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZSearchUsersRequest } from "@/lib/api/users";
import { users } from "../db/schema";
import { defineQuery } from "./define";

const MAX_RESULTS = 100;

/** `%text%` for LIKE, with LIKE's own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The Users page's search and its verified badges: live users whose e-mail address or phone number
 * contains what support typed (a phone number compared by its digits, so "+1 415-555" finds
 * +1415555…), each with whether its e-mail and phone were proven by a code.
 */
export const searchUsers = defineQuery({
  path: "search_users",
  summary: "Users whose e-mail or phone number contains the text, with whether each contact is verified",
  latchkeyExtension: true,
  request: ZSearchUsersRequest,
  response: QUERY_RESPONSES.search_users,
  async run({ app, organization }, request) {
    const text = request.contact ?? "";
    const digits = text.replace(/[^\d]/g, "");
    const matches = text
      ? or(
          sql`lower(${users.email}) like ${containing(text.toLowerCase())}`,
          digits.length >= 3
            ? sql`regexp_replace(${users.phoneNumber}, '[^0-9]', '', 'g') like ${containing(digits)}`
            : undefined,
        )
      : undefined;
    const rows = await app.db
      .select()
      .from(users)
      .where(and(eq(users.organizationId, organization.id), isNull(users.deletedAt), matches))
      .orderBy(asc(users.id))
      .limit(MAX_RESULTS);
    return {
      users: rows.map((row) => ({
        userId: row.id,
        userName: row.name,
        ...(row.email ? { userEmail: row.email } : {}),
        userEmailVerified: row.emailVerifiedAt !== null,
        ...(row.phoneNumber ? { userPhoneNumber: row.phoneNumber } : {}),
        userPhoneNumberVerified: row.phoneVerifiedAt !== null,
      })),
    };
  },
});
