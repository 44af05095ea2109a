import { boolean, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { activities } from "./activities";
import { organizations } from "./organizations";

/**
 * An organization's Earn fee wrapper (earn_deploy_wrapper): one deployment of FeeWrapper and its
 * FeeSplitter over one vault. Its fees are fixed on the chain; a new fee configuration is a new row
 * (spec.md Earn rule 5), and deposits go to the newest confirmed wrapper of the vault.
 */
export const earnWrappers = pgTable(
  "earn_wrappers",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    caip2: text("caip2").notNull(),
    provider: text("provider").notNull(),
    vaultAddress: text("vault_address").notNull(),
    /** The vault's underlying ERC-20. */
    assetAddress: text("asset_address").notNull(),
    /** Predicted when the deployment is accepted, confirmed from the factory's event. */
    wrapperAddress: text("wrapper_address").notNull(),
    splitterAddress: text("splitter_address").notNull(),
    /**
     * The factory nonce the prediction assumed: the next deployment on the chain predicts past the
     * highest one still in flight. Not unique: a prediction overtaken (a deployment that reverted
     * frees its nonce) is corrected from the factory's event.
     */
    factoryNonce: integer("factory_nonce").notNull(),
    clientFeeBps: integer("client_fee_bps").notNull(),
    operatorFeeBps: integer("operator_fee_bps").notNull(),
    clientFeeWallet: text("client_fee_wallet").notNull(),
    /** The account that may pause deposits on the chain (the Earn operator, acting on activities). */
    controller: text("controller").notNull(),
    deployRequestId: text("deploy_request_id").notNull(),
    /** What earn_set_wrapper_state last asked for (the chain's flag follows once confirmed). */
    depositsDisabled: boolean("deposits_disabled").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("earn_wrappers_address_idx").on(t.caip2, t.wrapperAddress),
    index("earn_wrappers_org_idx").on(t.organizationId, t.caip2, t.vaultAddress),
  ],
);
export type EarnWrapperRow = typeof earnWrappers.$inferSelect;

/**
 * One Earn operation and where its transaction stands: DEPLOY, SET_STATE and CLAIM are sent by the
 * Earn operator (a job of server/earn/operator-send.ts, status kept here); DEPOSIT and WITHDRAW are
 * sent from the user's account through the send pipeline (`sendId`, status read from that send).
 * Its id is the API's deployRequestId / depositRequestId / withdrawRequestId / claimRequestId.
 */
export const earnRequests = pgTable(
  "earn_requests",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id").notNull(),
    activityId: text("activity_id")
      .notNull()
      .references(() => activities.id),
    kind: text("kind").notNull(),
    caip2: text("caip2").notNull(),
    wrapperAddress: text("wrapper_address").notNull(),
    /** DEPOSIT / WITHDRAW: the user's account; CLAIM: the fee wallet. */
    walletAddress: text("wallet_address"),
    /** DEPOSIT / WITHDRAW: the underlying asset's amount (base units) at acceptance. */
    assets: text("assets"),
    /** DEPOSIT / WITHDRAW: the send_transactions row carrying it. */
    sendId: text("send_id"),
    /** The operator's call (to, data), signed by the job. */
    call: jsonb("call"),
    /** Operator-sent only: PENDING → BROADCASTED → COMPLETED, or FAILED. */
    status: text("status").notNull(),
    signedTransaction: text("signed_transaction"),
    txHash: text("tx_hash"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("earn_requests_wallet_idx").on(t.walletAddress, t.caip2, t.wrapperAddress)],
);
export type EarnRequestRow = typeof earnRequests.$inferSelect;
