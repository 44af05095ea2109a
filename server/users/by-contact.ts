import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type UserRow, users } from "../db/schema";

/**
 * The live user of the organization a proven contact belongs to: by e-mail (any case; contacts are
 * stored lower-cased) or by E.164 phone number. The oldest, if several share it.
 */
export async function findUserByContact(
  db: DbOrTx,
  organizationId: string,
  otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS",
  contact: string,
): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        otpType === "OTP_TYPE_SMS" ? eq(users.phoneNumber, contact) : sql`lower(${users.email}) = ${contact}`,
        isNull(users.deletedAt),
      ),
    )
    .orderBy(users.id)
    .limit(1);
  return user;
}

/** Mark the contact a code just proved as verified. */
export async function markContactVerified(
  db: DbOrTx,
  userId: string,
  otpType: "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS",
  now: Date,
): Promise<void> {
  const verified = otpType === "OTP_TYPE_SMS" ? { phoneVerifiedAt: now } : { emailVerifiedAt: now };
  await db
    .update(users)
    .set({ ...verified, updatedAt: now })
    .where(eq(users.id, userId));
}
