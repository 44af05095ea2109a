import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

/**
 * An organization's account with a fiat on-ramp provider (MoonPay, Coinbase): the public parts
 * only. The secret and private API keys arrive encrypted to the on-ramp encryption key and are
 * sealed in sealed_secrets (kind ONRAMP_SECRET) under `<id>:secret` and `<id>:private`, and the key
 * the provider signs its webhooks with (set_fiat_on_ramp_webhook_secret) under `<id>:webhook`.
 */
export const fiatOnRampCredentials = pgTable(
  "fiat_on_ramp_credentials",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    /** FIAT_ON_RAMP_PROVIDER_MOONPAY | FIAT_ON_RAMP_PROVIDER_COINBASE: one credential per provider. */
    provider: text("provider").notNull(),
    projectId: text("project_id"),
    publishableApiKey: text("publishable_api_key").notNull(),
    hasPrivateApiKey: boolean("has_private_api_key").notNull(),
    /** The provider's own test environment (MoonPay's buy-sandbox), not Latchkey's sandbox. */
    sandboxMode: boolean("sandbox_mode").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("fiat_on_ramp_credentials_provider_idx").on(t.organizationId, t.provider)],
);

/**
 * One purchase started by init_fiat_on_ramp: where the crypto goes, how much, and where it stands.
 * `status` is the API's transactionStatus (README: "Fiat on-ramp"); `providerStatus` is the
 * provider's own word for it (MoonPay's waitingPayment, Coinbase's ONRAMP_TRANSACTION_STATUS_…).
 */
export const onRampTransactions = pgTable(
  "onramp_transactions",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    provider: text("provider").notNull(),
    /** SANDBOX (Latchkey's checkout page and the local chain) or PROVIDER (the real provider). */
    mode: text("mode").notNull(),
    credentialId: text("credential_id"),
    walletAddress: text("wallet_address").notNull(),
    network: text("network").notNull(),
    /** The chain the crypto lands on, when Latchkey serves it (null for Bitcoin). */
    caip2: text("caip2"),
    cryptoCurrency: text("crypto_currency").notNull(),
    fiatCurrency: text("fiat_currency").notNull(),
    /** Decimal, as the caller gave it or as the person chose on the checkout page. */
    fiatAmount: text("fiat_amount"),
    /** What arrives, in the asset's base units (sandbox: computed when the person pays). */
    cryptoAmount: text("crypto_amount"),
    status: text("status").notNull(),
    providerStatus: text("provider_status").notNull(),
    /** SHA-256 (hex) of the sandbox checkout token in the onRampUrl; the token itself is never stored. */
    checkoutTokenHash: text("checkout_token_hash"),
    /** The provider's id for the purchase, once it has one. */
    providerTransactionId: text("provider_transaction_id"),
    txHash: text("tx_hash"),
    failureReason: text("failure_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("onramp_transactions_org_idx").on(t.organizationId, t.id),
    uniqueIndex("onramp_transactions_checkout_idx").on(t.checkoutTokenHash),
  ],
);

/** Every status a transaction went through, with when: what support reads on the On-ramp page. */
export const onRampStatusChanges = pgTable(
  "onramp_status_changes",
  {
    id: text("id").primaryKey(),
    transactionId: text("transaction_id")
      .notNull()
      .references(() => onRampTransactions.id),
    status: text("status").notNull(),
    providerStatus: text("provider_status").notNull(),
    detail: text("detail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("onramp_status_changes_tx_idx").on(t.transactionId, t.id)],
);

/**
 * Provider webhook deliveries already accepted, by the SHA-256 of the credential id and the
 * delivery's signature header: the same signed request sent again is refused as a replay. Rows are
 * only needed while the signature's timestamp is within the accepted skew; older ones are pruned.
 */
export const onRampWebhookDeliveries = pgTable(
  "onramp_webhook_deliveries",
  {
    id: text("id").primaryKey(),
    credentialId: text("credential_id").notNull(),
    /** The provider's signing time (its `t=`), which decides when the row may go. */
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("onramp_webhook_deliveries_signed_idx").on(t.signedAt)],
);

export type FiatOnRampCredentialRow = typeof fiatOnRampCredentials.$inferSelect;
export type OnRampTransactionRow = typeof onRampTransactions.$inferSelect;
export type OnRampStatusChangeRow = typeof onRampStatusChanges.$inferSelect;
