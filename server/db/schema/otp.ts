import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { emailMessages } from "./email";
import { organizations } from "./organizations";

/**
 * One init_otp flow. The code is kept only as an HMAC (a key derived from the master key, and a
 * salt of its own); the target key the client encrypts the code to is sealed in sealed_secrets
 * under the flow's id and shredded when the flow ends.
 */
export const otpFlows = pgTable(
  "otp_flows",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** OTP_TYPE_EMAIL or OTP_TYPE_SMS. */
    otpType: text("otp_type").notNull(),
    /**
     * What the flow may be spent on: OTP (init_otp → verify_otp) or SIGN_IN (the dashboard's own
     * e-mail sign-in). Kept apart so a code a backend asked for never opens the dashboard.
     */
    purpose: text("purpose").notNull().default("OTP"),
    /** The contact as verified: e-mail addresses lower-cased, phone numbers in E.164. */
    contact: text("contact").notNull(),
    /** hex HMAC-SHA256(otp key, salt ‖ code); the code itself is never stored. */
    codeHmac: text("code_hmac").notNull(),
    salt: text("salt").notNull(),
    /** Wrong codes so far; the fifth locks the flow. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    /** PENDING, VERIFIED (a token was issued), LOCKED (too many wrong codes). */
    status: text("status").notNull(),
    emailMessageId: text("email_message_id").references(() => emailMessages.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("otp_flows_org_idx").on(t.organizationId, t.id)],
);

/** Verification tokens verify_otp issued; consuming one (otp_login) sets consumedAt, once. */
export const verificationTokens = pgTable("verification_tokens", {
  id: text("id").primaryKey(),
  organizationId: text("organization_id")
    .notNull()
    .references(() => organizations.id),
  otpFlowId: text("otp_flow_id")
    .notNull()
    .references(() => otpFlows.id),
  verificationType: text("verification_type").notNull(),
  contact: text("contact").notNull(),
  /** The client key the token is bound to (compressed P-256 hex). */
  publicKey: text("public_key").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  consumedAt: timestamp("consumed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

export type OtpFlowRow = typeof otpFlows.$inferSelect;
export type VerificationTokenRow = typeof verificationTokens.$inferSelect;
