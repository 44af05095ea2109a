import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * Passkey registration challenges this server issued (get_registration_challenge). Only the
 * challenge's SHA-256 is kept: a database reader learns nothing they could register with. A row is
 * spent once (`used_at`), by a registration in its organization (and for its user, when bound to one).
 */
export const registrationChallenges = pgTable(
  "registration_challenges",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** The user the passkey is for, when the issuer named one; null: any user created or named by the activity. */
    userId: text("user_id").references(() => users.id),
    /** Hex SHA-256 of the challenge as sent (base64url, unpadded). */
    challengeHash: text("challenge_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("registration_challenges_expiry_idx").on(t.expiresAt)],
);

export type RegistrationChallengeRow = typeof registrationChallenges.$inferSelect;
