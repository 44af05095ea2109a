import { and, eq, isNull } from "drizzle-orm";
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
