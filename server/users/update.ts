import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import { notFound } from "../errors";
import { findUser } from "./find";

export interface UserChanges {
  name?: string;
  /** null removes */
  email?: string | null;
  phoneNumber?: string | null;
  tagIds?: string[];
}

export async function updateUserRow(
  tx: Tx,
  organizationId: string,
  userId: string,
  changes: UserChanges,
  now: Date,
) {
  const user = await findUser(tx, organizationId, userId);
  if (!user) throw notFound("user", userId);
  await tx
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return { userId };
}
