import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt } from "drizzle-orm";
import { sha256Hex } from "../crypto/sha256-hex";
import type { DbOrTx, Tx } from "../db/client";
import { registrationChallenges } from "../db/schema";
import { invalid } from "../errors";
import { newId } from "../ids";

/** How long a registration ceremony may take: WebAuthn's own prompt times out well within it. */
export const REGISTRATION_CHALLENGE_MS = 5 * 60 * 1000;
/** Spent and expired rows are kept this long, so a late second use is told why, then pruned. */
const KEEP_AFTER_EXPIRY_MS = 60 * 60 * 1000;

const hashOf = (challenge: string) => sha256Hex(challenge.replace(/=+$/, ""));

/**
 * A fresh registration challenge for `organizationId` (and `userId`, when the passkey is for a user
 * who exists already). Only its hash is stored. Rows long past their expiry are pruned here, so
 * the table holds roughly the challenges of the last hour.
 */
export async function issueRegistrationChallenge(
  db: DbOrTx,
  binding: { organizationId: string; userId?: string },
  now: Date,
): Promise<{ challenge: string; expiresAt: Date }> {
  const challenge = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + REGISTRATION_CHALLENGE_MS);
  await db
    .delete(registrationChallenges)
    .where(lt(registrationChallenges.expiresAt, new Date(now.getTime() - KEEP_AFTER_EXPIRY_MS)));
  await db.insert(registrationChallenges).values({
    id: newId(now.getTime()),
    organizationId: binding.organizationId,
    userId: binding.userId ?? null,
    challengeHash: hashOf(challenge),
    expiresAt,
    createdAt: now,
  });
  return { challenge, expiresAt };
}

/**
 * Spend `challenge` if this server issued it: true when it did (and it is now used), false when it
 * is not one of ours (a client-chosen challenge, or one pruned long ago). One conditional UPDATE,
 * so of two registrations racing with one challenge exactly one gets it; any refusal below is
 * thrown inside the activity's transaction, which rolls the spending back.
 */
export async function spendRegistrationChallenge(
  tx: Tx,
  challenge: string,
  binding: { organizationId: string; userId: string | undefined },
  times: { now: Date; submittedAt: Date },
  field: string,
): Promise<boolean> {
  const hash = hashOf(challenge);
  const [row] = await tx
    .update(registrationChallenges)
    .set({ usedAt: times.now })
    .where(and(eq(registrationChallenges.challengeHash, hash), isNull(registrationChallenges.usedAt)))
    .returning();
  const refuse = (why: string) =>
    invalid(`${field}.challenge ${challenge.replace(/=+$/, "")} ${why}`, `${field}.challenge`);
  if (!row) {
    const [spent] = await tx
      .select({ id: registrationChallenges.id })
      .from(registrationChallenges)
      .where(eq(registrationChallenges.challengeHash, hash));
    if (spent) throw refuse("was already used: ask get_registration_challenge for a new one");
    return false;
  }
  // Judged at submission: an activity that waited for approvals was fresh when it was signed.
  if (row.expiresAt.getTime() <= times.submittedAt.getTime()) {
    throw refuse("has expired: ask get_registration_challenge for a new one");
  }
  if (row.organizationId !== binding.organizationId) {
    throw refuse("was issued for another organization");
  }
  if (row.userId && row.userId !== binding.userId) {
    throw refuse(`was issued for user ${row.userId}, not for this one`);
  }
  return true;
}
