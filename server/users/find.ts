import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type UserRow, users } from "../db/schema";

/** A live user of the organization, or undefined. */
export async function findUser(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** The ids among `userIds` that are live users of the organization, in one query. */
export async function liveUserIds(
  db: DbOrTx,
  organizationId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organizationId, organizationId), inArray(users.id, userIds), isNull(users.deletedAt)),
    );
  return new Set(rows.map((row) => row.id));
}
