import type { QueryDefinition } from "./define";
import { getActivity } from "./get-activity";
import { getApiKey } from "./get-api-key";
import { getApiKeys } from "./get-api-keys";
import { getAuthenticator } from "./get-authenticator";
import { getAuthenticators } from "./get-authenticators";
import { getGasSponsorship } from "./get-gas-sponsorship";
import { getGasUsage } from "./get-gas-usage";
import { getNonces } from "./get-nonces";
import { getOrganization } from "./get-organization";
import { getOrganizationConfigs } from "./get-organization-configs";
import { getPolicy } from "./get-policy";
import { getPolicyEvaluations } from "./get-policy-evaluations";
import { getPrivateKey } from "./get-private-key";
import { getSendTransactionStatus } from "./get-send-transaction-status";
import { getServerSigningKey } from "./get-server-signing-key";
import { getSmartContractInterface } from "./get-smart-contract-interface";
import { getUser } from "./get-user";
import { getWallet } from "./get-wallet";
import { getWalletAccount } from "./get-wallet-account";
import { getWalletAddressBalances } from "./get-wallet-address-balances";
import { listActivities } from "./list-activities";
import { listEthTransactionHistory } from "./list-eth-transaction-history";
import { listPolicies } from "./list-policies";
import { listPrivateKeyTags } from "./list-private-key-tags";
import { listPrivateKeys } from "./list-private-keys";
import { listSmartContractInterfaces } from "./list-smart-contract-interfaces";
import { listSuborgs } from "./list-suborgs";
import { listSupportedAssets } from "./list-supported-assets";
import { listUserTags } from "./list-user-tags";
import { listUsers } from "./list-users";
import { listWalletAccounts } from "./list-wallet-accounts";
import { listWallets } from "./list-wallets";
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
  get_smart_contract_interface: getSmartContractInterface,
  get_user: getUser,
  list_activities: listActivities,
  list_private_key_tags: listPrivateKeyTags,
  list_smart_contract_interfaces: listSmartContractInterfaces,
  list_suborgs: listSuborgs,
  list_user_tags: listUserTags,
  list_users: listUsers,
  whoami,
  get_wallet: getWallet,
  get_send_transaction_status: getSendTransactionStatus,
  get_gas_sponsorship: getGasSponsorship,
  get_gas_usage: getGasUsage,
  get_nonces: getNonces,
  get_wallet_address_balances: getWalletAddressBalances,
  list_supported_assets: listSupportedAssets,
  list_eth_transaction_history: listEthTransactionHistory,
  list_wallets: listWallets,
  get_wallet_account: getWalletAccount,
  list_wallet_accounts: listWalletAccounts,
  get_private_key: getPrivateKey,
  list_private_keys: listPrivateKeys,
  get_policy: getPolicy,
  list_policies: listPolicies,
  get_policy_evaluations: getPolicyEvaluations,
  simulate_policies: simulatePolicies,
} as Record<string, QueryDefinition>;
