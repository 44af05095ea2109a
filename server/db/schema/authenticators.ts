import { bigint, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

/** Passkeys (WebAuthn credentials) registered to a user. */
export const authenticators = pgTable(
  "authenticators",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    /** base64url credential id, as the browser reports `rawId`. */
    credentialId: text("credential_id").notNull(),
    /** COSE public key, base64url. */
    cosePublicKey: text("cose_public_key").notNull(),
    /** Uncompressed P-256 public key hex, as the API reports `credential.publicKey`. */
    publicKey: text("public_key").notNull(),
    signCount: bigint("sign_count", { mode: "number" }).notNull(),
    transports: text("transports").array().notNull(),
    aaguid: text("aaguid").notNull(),
    attestationType: text("attestation_type").notNull(),
    /**
     * The registration proved possession: the passkey's own key signed a fresh challenge this
     * server issued (server/credentials/possession.ts). Others may be replayed or forged copies.
     */
    possessionProven: boolean("possession_proven").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("authenticators_credential_idx").on(t.credentialId),
    index("authenticators_user_idx").on(t.organizationId, t.userId),
  ],
);

export type AuthenticatorRow = typeof authenticators.$inferSelect;
