import { getTableName } from "drizzle-orm";
import * as schema from "../db/schema";

/**
 * The tables a backup carries, in an order in which each row's foreign keys point to rows already
 * restored. Organizations reference their parent: they are read oldest first, and a foreign key is
 * checked at the end of the statement that inserts a batch, so a parent and child in one batch work.
 */
export const BACKED_UP_TABLES: readonly string[] = [
  schema.organizations,
  schema.organizationFeatures,
  schema.users,
  schema.apiKeys,
  schema.authenticators,
  schema.tags,
  schema.policies,
  schema.smartContractInterfaces,
  schema.wallets,
  schema.walletAccounts,
  schema.privateKeys,
  schema.privateKeyAddresses,
  schema.sealedSecrets,
  schema.activities,
  schema.votes,
  schema.policyEvaluations,
  schema.sendTransactions,
  schema.jobs,
  schema.gasUsageConfigs,
  schema.sponsoredSpend,
  // Swaps: the fee settings, quotes (an executed quote must stay executed after a restore) and
  // cross-chain fills (a payout signed before the backup must never be signed again).
  schema.swapConfigs,
  schema.swapQuotes,
  schema.swapCrossChainFills,
  // The history index and its cursors: a real chain's earlier history could not be read again.
  schema.evmHistory,
  schema.evmHistoryCursors,
  schema.solHistory,
  schema.solHistoryCursors,
  // Login: what was sent and its events, OTP flows and issued tokens (consumed ones must stay
  // consumed after a restore).
  schema.emailMessages,
  schema.emailEvents,
  schema.otpFlows,
  schema.verificationTokens,
  // Who was told about which vote, and who turned such messages off.
  schema.notifications,
  schema.notificationSettings,
  // Fiat on-ramp: credentials (their secrets are in sealed_secrets) and purchases with their history.
  schema.fiatOnRampCredentials,
  schema.onRampTransactions,
  schema.onRampStatusChanges,
  // Earn: the organization's wrappers and its deposits, withdrawals and claims with their sends.
  schema.earnWrappers,
  schema.earnRequests,
  // Earn's APY and TVL history, and each position's value over time: the chain cannot tell the past again.
  schema.earnSamples,
  schema.earnPositionSamples,
  schema.sessionProfiles,
  schema.invitations,
  // Secrets' metadata (the secrets themselves are in sealed_secrets) and the proofs signed for
  // activities (the server's word on what it did, which a restore must not lose).
  schema.secrets,
  schema.appProofs,
  // MFA policies, the authentications activities they hold have received, and IP allowlists.
  schema.mfaPolicies,
  schema.mfaFactors,
  schema.ipAllowlists,
  // Users' linked OIDC identities: without them, social login finds nobody.
  schema.oauthProviders,
  // OAuth 2.0 clients for oauth2_authenticate (their secrets are in sealed_secrets).
  schema.oauth2Credentials,
  // Webhooks: endpoints, and the delivery log (pending deliveries resume from their jobs).
  schema.webhookEndpoints,
  schema.webhookDeliveries,
  schema.webhookAttempts,
  // The audit chain: its head, entries and signed checkpoints (a restore without them would break
  // the chain the next activity appends to).
  schema.auditChainHeads,
  schema.auditEntries,
  schema.auditCheckpoints,
].map(getTableName);

/** Tables left out on purpose, and why; a test checks every table is in one list or the other. */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  rate_limit_buckets: "counters of the current rate-limit window",
  registration_challenges:
    "passkey registration challenges live five minutes; after a restore a client asks for a new one",
  onramp_webhook_deliveries:
    "replay guard for provider webhooks, needed only while a signature's timestamp is fresh (five minutes)",
  email_sink_messages: "the embedded SMTP sink's mailbox: a development stand-in for recipients' inboxes",
};
