import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A user's MFA policies: the first by `order` whose condition (policy language, over the activity)
 * matches an activity that user submits decides which further authentications it waits for.
 */
export const mfaPolicies = pgTable(
  "mfa_policies",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    condition: text("condition").notNull(),
    /** [{any: [{type, id?}]}]: ordered steps, each met by any one of its methods. */
    requiredMethods: jsonb("required_methods").notNull().$type<{ any: { type: string; id?: string }[] }[]>(),
    order: integer("order").notNull(),
    notes: text("notes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("mfa_policies_user_idx").on(t.organizationId, t.userId, t.order)],
);

export type MfaPolicyRow = typeof mfaPolicies.$inferSelect;

/**
 * The authentications one user has presented for one activity an MFA policy holds: the submitting
 * stamp, then each approve_activity they stamp with another credential. Kept apart from votes
 * (one per user): a factor is proof of who asks, not a second voice.
 */
export const mfaFactors = pgTable(
  "mfa_factors",
  {
    id: text("id").primaryKey(),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id),
    userId: text("user_id").notNull(),
    /** The MFA policy that held the activity when the factor arrived. */
    mfaPolicyId: text("mfa_policy_id").notNull(),
    /**
     * AUTHENTICATION_TYPE_PASSKEY / _API_KEY / _SESSION, or a login's session key: _EMAIL_OTP /
     * _SMS_OTP / _OAUTH (each also proves _SESSION).
     */
    type: text("type").notNull(),
    /** The authenticator or API key that stamped. */
    credentialId: text("credential_id").notNull(),
    /** A session key's session profile, which a SESSION method may name. */
    sessionProfileId: text("session_profile_id"),
    /** The signed request that presented it. */
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("mfa_factors_activity_credential_idx").on(t.activityId, t.userId, t.credentialId)],
);

export type MfaFactorRow = typeof mfaFactors.$inferSelect;
