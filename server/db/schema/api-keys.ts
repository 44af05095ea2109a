import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

/** API keys and session keys: both are public keys that sign `X-Stamp` headers. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    /** Lowercase hex as the client sends it (compressed SEC1 for P-256/secp256k1, 32 bytes for ed25519). */
    publicKey: text("public_key").notNull(),
    curve: text("curve").notNull(),
    /** CREDENTIAL_TYPE_API_KEY_* or CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256 for sessions. */
    credentialType: text("credential_type").notNull(),
    /** As given at creation, echoed back by get_api_key. */
    expirationSeconds: text("expiration_seconds"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** A session started with a session profile: its scope limits what the session may submit. */
    sessionProfileId: text("session_profile_id"),
    /**
     * How a session key was obtained, as an MFA step names it: AUTHENTICATION_TYPE_EMAIL_OTP or
     * _SMS_OTP (otp_login or the dashboard's sign-in after a code), _OAUTH (oauth_login); null for
     * every other key and session.
     */
    loginMethod: text("login_method"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("api_keys_public_key_idx").on(t.publicKey),
    index("api_keys_user_idx").on(t.organizationId, t.userId),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
