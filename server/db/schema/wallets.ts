import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/** An HD wallet: a mnemonic (sealed in sealed_secrets under the wallet's id) and its accounts. */
export const wallets = pgTable(
  "wallets",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    exported: boolean("exported").notNull(),
    imported: boolean("imported").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("wallets_org_name_idx").on(t.organizationId, t.name)],
);

/** One derived address of a wallet: (curve, path, format) → public key and address. */
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    walletId: text("wallet_id")
      .notNull()
      .references(() => wallets.id),
    curve: text("curve").notNull(),
    pathFormat: text("path_format").notNull(),
    path: text("path").notNull(),
    addressFormat: text("address_format").notNull(),
    address: text("address").notNull(),
    /** Hex as the API returns it (compressed SEC1 or 32-byte ed25519). */
    publicKey: text("public_key").notNull(),
    /** Optional, unique within the organization when given. */
    name: text("name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("wallet_accounts_derivation_idx").on(t.walletId, t.curve, t.path, t.addressFormat),
    index("wallet_accounts_org_address_idx").on(t.organizationId, t.address),
    index("wallet_accounts_wallet_idx").on(t.walletId, t.createdAt, t.id),
    uniqueIndex("wallet_accounts_org_name_idx").on(t.organizationId, t.name),
  ],
);

export type WalletRow = typeof wallets.$inferSelect;
export type WalletAccountRow = typeof walletAccounts.$inferSelect;
