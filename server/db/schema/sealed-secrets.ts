import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * Key material at rest, and only here: a wallet's mnemonic, a private key, an import target key.
 * Each row is AES-256-GCM under its own random data key; the data key is itself wrapped by the
 * master key. Both encryptions bind the row's id, organization and kind as associated data, so a
 * ciphertext moved to another row does not decrypt. Only server/signer reads or writes this table.
 */
export const sealedSecrets = pgTable(
  "sealed_secrets",
  {
    /**
     * The id of what it belongs to: the wallet (its mnemonic), the wallet account (its derived
     * private key, sealed once so that signing need not re-derive), the private key, or the user
     * for import targets.
     */
    id: text("id").primaryKey(),
    /** Null only for the installation's own secrets (the server signing key). */
    organizationId: text("organization_id").references(() => organizations.id),
    /** WALLET_MNEMONIC | WALLET_ACCOUNT_KEY | PRIVATE_KEY | IMPORT_TARGET | SERVER_SIGNING_KEY | OTP_TARGET | EMAIL_BODY | ONRAMP_SECRET | ONRAMP_ENCRYPTION_KEY | OAUTH2_CLIENT_SECRET | OAUTH2_ENCRYPTION_KEY | SECRET | SECRET_IMPORT_TARGET */
    kind: text("kind").notNull(),
    /** base64: 12-byte nonce ‖ ciphertext ‖ 16-byte tag, under the data key. */
    ciphertext: text("ciphertext").notNull(),
    /** base64: 12-byte nonce ‖ wrapped data key ‖ tag, under the master key. */
    wrappedDataKey: text("wrapped_data_key").notNull(),
    /** First 8 bytes of SHA-256 of the master key that wrapped it (hex): tells keys apart on rotation. */
    masterKeyId: text("master_key_id").notNull(),
    /** Format version of the sealing, so that a later scheme can live beside this one. */
    version: integer("version").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sealed_secrets_master_idx").on(t.masterKeyId)],
);

export type SealedSecretRow = typeof sealedSecrets.$inferSelect;
