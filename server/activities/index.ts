import { createApiKeys } from "./create-api-keys";
import { createAuthenticators } from "./create-authenticators";
import { createPolicies } from "./create-policies";
import { createPolicy } from "./create-policy";
import { createPrivateKeyTag } from "./create-private-key-tag";
import { createPrivateKeys } from "./create-private-keys";
import { createReadOnlySession } from "./create-read-only-session";
import { createReadWriteSession } from "./create-read-write-session";
import { createSmartContractInterface } from "./create-smart-contract-interface";
import { createSubOrganization } from "./create-sub-organization";
import { createUserTag } from "./create-user-tag";
import { createUsers } from "./create-users";
import { createWallet } from "./create-wallet";
import { createWalletAccounts } from "./create-wallet-accounts";
import type { ActivityDefinition } from "./define";
import { deleteApiKeys } from "./delete-api-keys";
import { deleteAuthenticators } from "./delete-authenticators";
import { deletePolicies } from "./delete-policies";
import { deletePolicy } from "./delete-policy";
import { deletePrivateKeyTags } from "./delete-private-key-tags";
import { deletePrivateKeys } from "./delete-private-keys";
import { deleteSmartContractInterface } from "./delete-smart-contract-interface";
import { deleteSubOrganization } from "./delete-sub-organization";
import { deleteUserTags } from "./delete-user-tags";
import { deleteUsers } from "./delete-users";
import { deleteWalletAccounts } from "./delete-wallet-accounts";
import { deleteWallets } from "./delete-wallets";
import { ethSendTransaction } from "./eth-send-transaction";
import { exportPrivateKey } from "./export-private-key";
import { exportWallet } from "./export-wallet";
import { exportWalletAccount } from "./export-wallet-account";
import { importPrivateKey } from "./import-private-key";
import { importWallet } from "./import-wallet";
import { initImportPrivateKey, initImportWallet } from "./init-import";
import { signRawPayload } from "./sign-raw-payload";
import { signRawPayloads } from "./sign-raw-payloads";
import { signTransaction } from "./sign-transaction";
import { stampLogin } from "./stamp-login";
import { updateOrganizationName } from "./update-organization-name";
import { updatePolicy } from "./update-policy";
import { updatePrivateKeyTag } from "./update-private-key-tag";
import { updateRootQuorum } from "./update-root-quorum";
import { updateUser } from "./update-user";
import { updateUserEmail } from "./update-user-email";
import { updateUserName } from "./update-user-name";
import { updateUserPhoneNumber } from "./update-user-phone-number";
import { updateUserTag } from "./update-user-tag";
import { updateWallet } from "./update-wallet";
import { upsertGasUsageConfig } from "./upsert-gas-usage-config";

/**
 * Every activity, keyed by its path under /public/v1/submit/. Dispatch, the OpenAPI document and
 * the dashboard's forms all read this table. Adding an activity = one file + one line here.
 */
export const activityRegistry: Record<string, ActivityDefinition> = {
  create_api_keys: createApiKeys,
  create_authenticators: createAuthenticators,
  create_private_key_tag: createPrivateKeyTag,
  create_read_only_session: createReadOnlySession,
  create_read_write_session: createReadWriteSession,
  create_smart_contract_interface: createSmartContractInterface,
  create_sub_organization: createSubOrganization,
  create_user_tag: createUserTag,
  create_users: createUsers,
  delete_api_keys: deleteApiKeys,
  delete_authenticators: deleteAuthenticators,
  delete_private_key_tags: deletePrivateKeyTags,
  delete_smart_contract_interface: deleteSmartContractInterface,
  delete_sub_organization: deleteSubOrganization,
  delete_user_tags: deleteUserTags,
  delete_users: deleteUsers,
  stamp_login: stampLogin,
  update_organization_name: updateOrganizationName,
  update_private_key_tag: updatePrivateKeyTag,
  update_root_quorum: updateRootQuorum,
  update_user: updateUser,
  update_user_email: updateUserEmail,
  update_user_name: updateUserName,
  update_user_phone_number: updateUserPhoneNumber,
  update_user_tag: updateUserTag,
  create_wallet: createWallet,
  create_wallet_accounts: createWalletAccounts,
  update_wallet: updateWallet,
  upsert_gas_usage_config: upsertGasUsageConfig,
  delete_wallets: deleteWallets,
  delete_wallet_accounts: deleteWalletAccounts,
  export_wallet: exportWallet,
  export_wallet_account: exportWalletAccount,
  init_import_wallet: initImportWallet,
  import_wallet: importWallet,
  create_private_keys: createPrivateKeys,
  delete_private_keys: deletePrivateKeys,
  export_private_key: exportPrivateKey,
  init_import_private_key: initImportPrivateKey,
  import_private_key: importPrivateKey,
  sign_raw_payload: signRawPayload,
  sign_raw_payloads: signRawPayloads,
  sign_transaction: signTransaction,
  eth_send_transaction: ethSendTransaction,
  create_policy: createPolicy,
  create_policies: createPolicies,
  update_policy: updatePolicy,
  delete_policy: deletePolicy,
  delete_policies: deletePolicies,
} as Record<string, ActivityDefinition>;

/** Votes are activities on the wire but act on another activity: they have their own path. */
export const voteRegistry = {
  approve_activity: {
    type: "ACTIVITY_TYPE_APPROVE_ACTIVITY",
    intentKey: "approveActivityIntent",
    approve: true,
  },
  reject_activity: {
    type: "ACTIVITY_TYPE_REJECT_ACTIVITY",
    intentKey: "rejectActivityIntent",
    approve: false,
  },
} as const;

export function activityByType(type: string): ActivityDefinition | undefined {
  return Object.values(activityRegistry).find((d) => d.type === type || d.alsoAccepts?.includes(type));
}
