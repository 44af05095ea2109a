import { getTableName } from "drizzle-orm";
import * as schema from "../db/schema";

/**
 * The tables a backup carries, in an order in which each row's foreign keys point to rows already
 * restored. Organizations reference their parent: they are read oldest first, and a foreign key is
 * checked at the end of the statement that inserts a batch, so a parent and child in one batch work.
 */
export const BACKED_UP_TABLES: readonly string[] = [
  schema.organizations,
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
  // The history index and its cursors: a real chain's earlier history could not be read again.
  schema.evmHistory,
  schema.evmHistoryCursors,
].map(getTableName);

/** Tables left out on purpose, and why; a test checks every table is in one list or the other. */
export const NOT_BACKED_UP: Readonly<Record<string, string>> = {
  rate_limit_buckets: "counters of the current rate-limit window",
};
