import { z } from "zod";
import { ZActivity, ZActivityResponse, ZAppProof } from "./activity";
import { ZDescribeActivitiesResponse } from "./activity-summary";
import { ZGetWalletAddressBalancesResponse, ZListSupportedAssetsResponse } from "./assets";
import { ZListAuditChainResponse } from "./audit-chain";
import { ZGetLatestBlockhashResponse, ZGetNoncesResponse, ZSendTransactionStatus } from "./broadcast";
import { ZGetSmartContractInterfaceResponse, ZListSmartContractInterfacesResponse } from "./contracts";
import {
  ZApiKey,
  ZAuthenticator,
  ZListAuthenticatorProofsResponse,
  ZRegistrationChallenge,
} from "./credentials";
import { ZListEarnVaultsResponse } from "./earn";
import { ZListEarnPositionSamplesResponse, ZListEarnVaultSamplesResponse } from "./earn-samples";
import {
  ZGetClaimEarnFeesStatusResponse,
  ZGetEarnDeployStatusResponse,
  ZGetEarnDepositStatusResponse,
  ZGetEarnWithdrawStatusResponse,
  ZListEarnEnabledVaultsResponse,
  ZListEarnPositionsResponse,
} from "./earn-wrappers";
import { ZFeature } from "./features";
import { ZGasSponsorship, ZGetGasUsageResponse } from "./gas-sponsorship";
import { ZListEthTransactionHistoryResponse, ZListSolTransactionHistoryResponse } from "./history";
import { ZGetIpAllowlistResponse } from "./ip-allowlist";
import { ZGetMfaPoliciesResponse, ZGetMfaPolicyResponse, ZGetMfaStatusResponse } from "./mfa";
import { ZListNotificationsResponse } from "./notifications";
import { ZGetOauthProvidersResponse } from "./oauth";
import {
  ZGetOauth2CredentialResponse,
  ZGetOauth2EncryptionKeyResponse,
  ZListOauth2CredentialsResponse,
} from "./oauth2";
import {
  ZGetOnRampEncryptionKeyResponse,
  ZGetOnRampTransactionResponse,
  ZGetOnRampTransactionStatusResponse,
  ZListFiatOnRampCredentialsResponse,
  ZListOnRampTransactionsResponse,
} from "./onramp";
import { ZOrganizationData, ZQuorum } from "./organizations";
import { ZListEmailEventsResponse, ZListOutboxMessagesResponse } from "./otp";
import { ZPolicy, ZPolicyEvaluation } from "./policies";
import { ZPrivateKey } from "./private-keys";
import { ZListSecretsResponse } from "./secrets";
import { ZGetSessionProfileResponse, ZGetSessionProfilesResponse } from "./session-profiles";
import { ZSimulatePoliciesResponse } from "./simulation";
import { ZGetSwapConfigResponse, ZListSwapFeesResponse } from "./swap-fees";
import { ZSwapStatus } from "./swaps";
import { ZListPrivateKeyTagsResponse, ZListUserTagsResponse } from "./tags";
import { ZSearchUsersResponse, ZUser } from "./users";
import { ZWallet, ZWalletAccount } from "./wallets";
import { ZListWebhookDeliveriesResponse, ZListWebhookEndpointsResponse } from "./webhooks";

/**
 * The answer of every query, keyed by its path under /public/v1/query/. The server's query
 * registry declares each definition's `response` from this table (a test checks it), and the
 * dashboard parses every answer with the same schema, so both sides agree by construction.
 */
export const QUERY_RESPONSES = {
  get_activity: ZActivityResponse,
  get_api_key: z.object({ apiKey: ZApiKey }),
  get_api_keys: z.object({ apiKeys: z.array(ZApiKey) }),
  get_authenticator: z.object({ authenticator: ZAuthenticator }),
  get_authenticators: z.object({ authenticators: z.array(ZAuthenticator) }),
  get_gas_sponsorship: ZGasSponsorship,
  get_gas_usage: ZGetGasUsageResponse,
  get_latest_blockhash: ZGetLatestBlockhashResponse,
  get_nonces: ZGetNoncesResponse,
  get_organization: z.object({ organizationData: ZOrganizationData }),
  get_organization_configs: z.object({
    configs: z.object({ features: z.array(ZFeature), quorum: ZQuorum }),
  }),
  get_policy: z.object({ policy: ZPolicy }),
  get_policy_evaluations: z.object({ policyEvaluations: z.array(ZPolicyEvaluation) }),
  get_registration_challenge: ZRegistrationChallenge,
  get_private_key: z.object({ privateKey: ZPrivateKey }),
  get_send_transaction_status: ZSendTransactionStatus,
  describe_activities: ZDescribeActivitiesResponse,
  get_server_signing_key: z.object({
    publicKey: z.string(),
    curve: z.literal("CURVE_P256"),
    usage: z.array(z.string()),
  }),
  get_smart_contract_interface: ZGetSmartContractInterfaceResponse,
  get_user: z.object({ user: ZUser }),
  get_wallet_address_balances: ZGetWalletAddressBalancesResponse,
  list_eth_transaction_history: ZListEthTransactionHistoryResponse,
  list_earn_vaults: ZListEarnVaultsResponse,
  list_earn_enabled_vaults: ZListEarnEnabledVaultsResponse,
  list_earn_vault_samples: ZListEarnVaultSamplesResponse,
  list_earn_position_samples: ZListEarnPositionSamplesResponse,
  list_earn_positions: ZListEarnPositionsResponse,
  get_earn_deploy_status: ZGetEarnDeployStatusResponse,
  get_earn_deposit_status: ZGetEarnDepositStatusResponse,
  get_earn_withdraw_status: ZGetEarnWithdrawStatusResponse,
  get_claim_earn_fees_status: ZGetClaimEarnFeesStatusResponse,
  list_sol_transaction_history: ZListSolTransactionHistoryResponse,
  list_email_events: ZListEmailEventsResponse,
  list_fiat_on_ramp_credentials: ZListFiatOnRampCredentialsResponse,
  list_onramp_transactions: ZListOnRampTransactionsResponse,
  get_on_ramp_encryption_key: ZGetOnRampEncryptionKeyResponse,
  get_onramp_transaction: ZGetOnRampTransactionResponse,
  get_swap_status: ZSwapStatus,
  get_swap_config: ZGetSwapConfigResponse,
  list_swap_fees: ZListSwapFeesResponse,
  get_onramp_transaction_status: ZGetOnRampTransactionStatusResponse,
  list_outbox_messages: ZListOutboxMessagesResponse,
  get_wallet: z.object({ wallet: ZWallet }),
  get_wallet_account: z.object({ account: ZWalletAccount }),
  list_activities: z.object({ activities: z.array(ZActivity) }),
  list_app_proofs: z.object({ appProofs: z.array(ZAppProof) }),
  list_audit_chain: ZListAuditChainResponse,
  list_secrets: ZListSecretsResponse,
  list_authenticator_proofs: ZListAuthenticatorProofsResponse,
  list_notifications: ZListNotificationsResponse,
  list_webhook_deliveries: ZListWebhookDeliveriesResponse,
  list_webhook_endpoints: ZListWebhookEndpointsResponse,
  list_policies: z.object({ policies: z.array(ZPolicy) }),
  list_private_key_tags: ZListPrivateKeyTagsResponse,
  list_private_keys: z.object({ privateKeys: z.array(ZPrivateKey) }),
  list_smart_contract_interfaces: ZListSmartContractInterfacesResponse,
  list_supported_assets: ZListSupportedAssetsResponse,
  list_suborgs: z.object({ organizationIds: z.array(z.string()) }),
  list_user_tags: ZListUserTagsResponse,
  list_users: z.object({ users: z.array(ZUser) }),
  search_users: ZSearchUsersResponse,
  get_session_profile: ZGetSessionProfileResponse,
  get_session_profiles: ZGetSessionProfilesResponse,
  get_mfa_policy: ZGetMfaPolicyResponse,
  get_mfa_policies: ZGetMfaPoliciesResponse,
  get_mfa_status: ZGetMfaStatusResponse,
  get_ip_allowlist: ZGetIpAllowlistResponse,
  get_oauth_providers: ZGetOauthProvidersResponse,
  get_oauth2_credential: ZGetOauth2CredentialResponse,
  list_oauth2_credentials: ZListOauth2CredentialsResponse,
  get_oauth2_encryption_key: ZGetOauth2EncryptionKeyResponse,
  list_wallet_accounts: z.object({ accounts: z.array(ZWalletAccount) }),
  list_wallets: z.object({ wallets: z.array(ZWallet) }),
  simulate_policies: ZSimulatePoliciesResponse,
  whoami: z.object({
    organizationId: z.string(),
    organizationName: z.string(),
    userId: z.string(),
    username: z.string(),
  }),
} as const;

export type TQueryPath = keyof typeof QUERY_RESPONSES;
export type TQueryResponse<P extends TQueryPath> = z.output<(typeof QUERY_RESPONSES)[P]>;
