import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import { notFound } from "../errors";
import { findUser } from "./find";

export interface UserChanges {
  name?: string;
  /** null removes */
  email?: string | null;
  /** When a verification token proved the (new) e-mail; a changed e-mail without one is unverified. */
  emailVerifiedAt?: Date | null;
  phoneNumber?: string | null;
  /** When a verification token proved the (new) phone number; a changed number without one is unverified. */
  phoneVerifiedAt?: Date | null;
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
  const emailChanged = changes.email !== undefined && changes.email !== user.email;
  const verified = changes.emailVerifiedAt !== undefined ? {} : emailChanged ? { emailVerifiedAt: null } : {};
  const phoneChanged = changes.phoneNumber !== undefined && changes.phoneNumber !== user.phoneNumber;
  const phoneVerified =
    changes.phoneVerifiedAt !== undefined ? {} : phoneChanged ? { phoneVerifiedAt: null } : {};
  await tx
    .update(users)
    .set({ ...changes, ...verified, ...phoneVerified, updatedAt: now })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)));
  return { userId };
}
