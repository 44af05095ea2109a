import type { QueryDefinition } from "./define";
import { describeActivitiesQuery } from "./describe-activities";
import { getActivity } from "./get-activity";
import { getApiKey } from "./get-api-key";
import { getApiKeys } from "./get-api-keys";
import { getAuthenticator } from "./get-authenticator";
import { getAuthenticators } from "./get-authenticators";
import {
  getClaimEarnFeesStatus,
  getEarnDeployStatus,
  getEarnDepositStatus,
  getEarnWithdrawStatus,
} from "./get-earn-statuses";
import { getGasSponsorship } from "./get-gas-sponsorship";
import { getGasUsage } from "./get-gas-usage";
import { getIpAllowlist } from "./get-ip-allowlist";
import { getLatestBlockhash } from "./get-latest-blockhash";
import { getMfaPolicies, getMfaPolicy } from "./get-mfa-policies";
import { getMfaStatus } from "./get-mfa-status";
import { getNonces } from "./get-nonces";
import { getOauthProviders } from "./get-oauth-providers";
import { getOauth2Credential } from "./get-oauth2-credential";
import { getOauth2EncryptionKey } from "./get-oauth2-encryption-key";
import { getOnRampEncryptionKey } from "./get-on-ramp-encryption-key";
import { getOnRampTransaction } from "./get-onramp-transaction";
import { getOnRampTransactionStatus } from "./get-onramp-transaction-status";
import { getOrganization } from "./get-organization";
import { getOrganizationConfigs } from "./get-organization-configs";
import { getPolicy } from "./get-policy";
import { getPolicyEvaluations } from "./get-policy-evaluations";
import { getPrivateKey } from "./get-private-key";
import { getRegistrationChallenge } from "./get-registration-challenge";
import { getSendTransactionStatus } from "./get-send-transaction-status";
import { getServerSigningKey } from "./get-server-signing-key";
import { getSessionProfile } from "./get-session-profile";
import { getSessionProfiles } from "./get-session-profiles";
import { getSmartContractInterface } from "./get-smart-contract-interface";
import { getSwapConfig } from "./get-swap-config";
import { getSwapStatus } from "./get-swap-status";
import { getUser } from "./get-user";
import { getWallet } from "./get-wallet";
import { getWalletAccount } from "./get-wallet-account";
import { getWalletAddressBalances } from "./get-wallet-address-balances";
import { listActivities } from "./list-activities";
import { listAppProofs } from "./list-app-proofs";
import { listAuditChain } from "./list-audit-chain";
import { listAuthenticatorProofs } from "./list-authenticator-proofs";
import { listEarnEnabledVaults } from "./list-earn-enabled-vaults";
import { listEarnPositionSamples } from "./list-earn-position-samples";
import { listEarnPositions } from "./list-earn-positions";
import { listEarnVaultSamples } from "./list-earn-vault-samples";
import { listEarnVaults } from "./list-earn-vaults";
import { listEmailEvents } from "./list-email-events";
import { listEthTransactionHistory } from "./list-eth-transaction-history";
import { listFiatOnRampCredentials } from "./list-fiat-on-ramp-credentials";
import { listNotifications } from "./list-notifications";
import { listOauth2CredentialsQuery } from "./list-oauth2-credentials";
import { listOnRampTransactions } from "./list-onramp-transactions";
import { listOutboxMessages } from "./list-outbox-messages";
import { listPolicies } from "./list-policies";
import { listPrivateKeyTags } from "./list-private-key-tags";
import { listPrivateKeys } from "./list-private-keys";
import { listSecrets } from "./list-secrets";
import { listSmartContractInterfaces } from "./list-smart-contract-interfaces";
import { listSolTransactionHistory } from "./list-sol-transaction-history";
import { listSuborgs } from "./list-suborgs";
import { listSupportedAssets } from "./list-supported-assets";
import { listSwapFees } from "./list-swap-fees";
import { listUserTags } from "./list-user-tags";
import { listUsers } from "./list-users";
import { listWalletAccounts } from "./list-wallet-accounts";
import { listWallets } from "./list-wallets";
import { listWebhookDeliveries } from "./list-webhook-deliveries";
import { listWebhookEndpoints } from "./list-webhook-endpoints";
import { searchUsers } from "./search-users";
import { simulatePolicies } from "./simulate-policies";
import { whoami } from "./whoami";

/** Every query, keyed by its path under /public/v1/query/. */
export const queryRegistry: Record<string, QueryDefinition> = {
  get_activity: getActivity,
  get_api_key: getApiKey,
  get_api_keys: getApiKeys,
  get_authenticator: getAuthenticator,
  get_authenticators: getAuthenticators,
  get_organization: getOrganization,
  get_organization_configs: getOrganizationConfigs,
  get_server_signing_key: getServerSigningKey,
  describe_activities: describeActivitiesQuery,
  list_notifications: listNotifications,
  list_webhook_deliveries: listWebhookDeliveries,
  list_webhook_endpoints: listWebhookEndpoints,
  get_smart_contract_interface: getSmartContractInterface,
  get_user: getUser,
  list_activities: listActivities,
  list_app_proofs: listAppProofs,
  list_audit_chain: listAuditChain,
  list_secrets: listSecrets,
  list_private_key_tags: listPrivateKeyTags,
  list_smart_contract_interfaces: listSmartContractInterfaces,
  list_suborgs: listSuborgs,
  list_user_tags: listUserTags,
  list_users: listUsers,
  search_users: searchUsers,
  get_session_profile: getSessionProfile,
  get_session_profiles: getSessionProfiles,
  get_mfa_policy: getMfaPolicy,
  get_mfa_policies: getMfaPolicies,
  get_oauth_providers: getOauthProviders,
  get_oauth2_credential: getOauth2Credential,
  list_oauth2_credentials: listOauth2CredentialsQuery,
  get_oauth2_encryption_key: getOauth2EncryptionKey,
  get_mfa_status: getMfaStatus,
  get_ip_allowlist: getIpAllowlist,
  whoami,
  get_wallet: getWallet,
  get_send_transaction_status: getSendTransactionStatus,
  get_gas_sponsorship: getGasSponsorship,
  get_gas_usage: getGasUsage,
  get_swap_status: getSwapStatus,
  get_swap_config: getSwapConfig,
  list_swap_fees: listSwapFees,
  get_nonces: getNonces,
  get_latest_blockhash: getLatestBlockhash,
  get_wallet_address_balances: getWalletAddressBalances,
  list_supported_assets: listSupportedAssets,
  list_earn_vaults: listEarnVaults,
  list_earn_enabled_vaults: listEarnEnabledVaults,
  list_earn_positions: listEarnPositions,
  list_earn_vault_samples: listEarnVaultSamples,
  list_earn_position_samples: listEarnPositionSamples,
  get_earn_deploy_status: getEarnDeployStatus,
  get_earn_deposit_status: getEarnDepositStatus,
  get_earn_withdraw_status: getEarnWithdrawStatus,
  get_claim_earn_fees_status: getClaimEarnFeesStatus,
  list_eth_transaction_history: listEthTransactionHistory,
  list_sol_transaction_history: listSolTransactionHistory,
  list_email_events: listEmailEvents,
  list_fiat_on_ramp_credentials: listFiatOnRampCredentials,
  list_onramp_transactions: listOnRampTransactions,
  get_on_ramp_encryption_key: getOnRampEncryptionKey,
  get_onramp_transaction: getOnRampTransaction,
  get_onramp_transaction_status: getOnRampTransactionStatus,
  list_outbox_messages: listOutboxMessages,
  list_wallets: listWallets,
  get_wallet_account: getWalletAccount,
  list_wallet_accounts: listWalletAccounts,
  get_private_key: getPrivateKey,
  list_private_keys: listPrivateKeys,
  get_policy: getPolicy,
  list_policies: listPolicies,
  get_policy_evaluations: getPolicyEvaluations,
  get_registration_challenge: getRegistrationChallenge,
  list_authenticator_proofs: listAuthenticatorProofs,
  simulate_policies: simulatePolicies,
} as Record<string, QueryDefinition>;
