import { z } from "zod";
import { ZActivity, ZActivityResponse } from "./activity";
import { ZGetWalletAddressBalancesResponse, ZListSupportedAssetsResponse } from "./assets";
import { ZGetNoncesResponse, ZSendTransactionStatus } from "./broadcast";
import { ZGetSmartContractInterfaceResponse, ZListSmartContractInterfacesResponse } from "./contracts";
import { ZApiKey, ZAuthenticator } from "./credentials";
import { ZGasSponsorship, ZGetGasUsageResponse } from "./gas-sponsorship";
import { ZListEthTransactionHistoryResponse } from "./history";
import { ZOrganizationData, ZQuorum } from "./organizations";
import { ZPolicy, ZPolicyEvaluation } from "./policies";
import { ZPrivateKey } from "./private-keys";
import { ZSimulatePoliciesResponse } from "./simulation";
import { ZListPrivateKeyTagsResponse, ZListUserTagsResponse } from "./tags";
import { ZUser } from "./users";
import { ZWallet, ZWalletAccount } from "./wallets";

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
  get_nonces: ZGetNoncesResponse,
  get_organization: z.object({ organizationData: ZOrganizationData }),
  get_organization_configs: z.object({
    configs: z.object({ features: z.array(z.unknown()), quorum: ZQuorum }),
  }),
  get_policy: z.object({ policy: ZPolicy }),
  get_policy_evaluations: z.object({ policyEvaluations: z.array(ZPolicyEvaluation) }),
  get_private_key: z.object({ privateKey: ZPrivateKey }),
  get_send_transaction_status: ZSendTransactionStatus,
  get_server_signing_key: z.object({
    publicKey: z.string(),
    curve: z.literal("CURVE_P256"),
    usage: z.array(z.string()),
  }),
  get_smart_contract_interface: ZGetSmartContractInterfaceResponse,
  get_user: z.object({ user: ZUser }),
  get_wallet_address_balances: ZGetWalletAddressBalancesResponse,
  list_eth_transaction_history: ZListEthTransactionHistoryResponse,
  get_wallet: z.object({ wallet: ZWallet }),
  get_wallet_account: z.object({ account: ZWalletAccount }),
  list_activities: z.object({ activities: z.array(ZActivity) }),
  list_policies: z.object({ policies: z.array(ZPolicy) }),
  list_private_key_tags: ZListPrivateKeyTagsResponse,
  list_private_keys: z.object({ privateKeys: z.array(ZPrivateKey) }),
  list_smart_contract_interfaces: ZListSmartContractInterfacesResponse,
  list_supported_assets: ZListSupportedAssetsResponse,
  list_suborgs: z.object({ organizationIds: z.array(z.string()) }),
  list_user_tags: ZListUserTagsResponse,
  list_users: z.object({ users: z.array(ZUser) }),
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
