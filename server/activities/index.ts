import { claimEarnFees } from "./claim-earn-fees";
import { claimSwapFees } from "./claim-swap-fees";
import { createApiKeys } from "./create-api-keys";
import { createApiOnlyUsers } from "./create-api-only-users";
import { createAuthenticators } from "./create-authenticators";
import { createFiatOnRampCredential } from "./create-fiat-on-ramp-credential";
import { createInvitations } from "./create-invitations";
import { createMfaPolicy } from "./create-mfa-policy";
import { createOauthProviders } from "./create-oauth-providers";
import { createOauth2Credential } from "./create-oauth2-credential";
import { createPolicies } from "./create-policies";
import { createPolicy } from "./create-policy";
import { createPrivateKeyTag } from "./create-private-key-tag";
import { createPrivateKeys } from "./create-private-keys";
import { createReadOnlySession } from "./create-read-only-session";
import { createReadWriteSession } from "./create-read-write-session";
import { createSessionProfile } from "./create-session-profile";
import { createSmartContractInterface } from "./create-smart-contract-interface";
import { createSubOrganization } from "./create-sub-organization";
import { createSwapQuote } from "./create-swap-quote";
import { createUserTag } from "./create-user-tag";
import { createUsers } from "./create-users";
import { createWallet } from "./create-wallet";
import { createWalletAccounts } from "./create-wallet-accounts";
import { createWebhookEndpoint } from "./create-webhook-endpoint";
import type { ActivityDefinition } from "./define";
import { deleteApiKeys } from "./delete-api-keys";
import { deleteAuthenticators } from "./delete-authenticators";
import { deleteFiatOnRampCredential } from "./delete-fiat-on-ramp-credential";
import { deleteInvitation } from "./delete-invitation";
import { deleteMfaPolicy } from "./delete-mfa-policy";
import { deleteOauthProviders } from "./delete-oauth-providers";
import { deleteOauth2Credential } from "./delete-oauth2-credential";
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
import { deleteWebhookEndpoint } from "./delete-webhook-endpoint";
import { earnDeployWrapper } from "./earn-deploy-wrapper";
import { earnDeposit } from "./earn-deposit";
import { earnSetWrapperState } from "./earn-set-wrapper-state";
import { earnWithdraw } from "./earn-withdraw";
import { emailAuth } from "./email-auth";
import { ethSendRawTransaction } from "./eth-send-raw-transaction";
import { ethSendTransaction } from "./eth-send-transaction";
import { ethUndelegate7702 } from "./eth-undelegate-7702";
import { executeSwap } from "./execute-swap";
import { exportPrivateKey } from "./export-private-key";
import { exportSecrets } from "./export-secrets";
import { exportWallet } from "./export-wallet";
import { exportWalletAccount } from "./export-wallet-account";
import { importPrivateKey } from "./import-private-key";
import { importSecrets } from "./import-secrets";
import { importWallet } from "./import-wallet";
import { initFiatOnRamp } from "./init-fiat-on-ramp";
import { initImportPrivateKey, initImportWallet } from "./init-import";
import { initImportSecrets } from "./init-import-secrets";
import { initOtp } from "./init-otp";
import { initOtpAuth } from "./init-otp-auth";
import { initUserEmailRecovery } from "./init-user-email-recovery";
import { oauth } from "./oauth";
import { oauthLogin } from "./oauth-login";
import { oauth2Authenticate } from "./oauth2-authenticate";
import { otpAuth } from "./otp-auth";
import { otpLogin } from "./otp-login";
import { recoverUser } from "./recover-user";
import { redeliverWebhook } from "./redeliver-webhook";
import { removeIpAllowlist } from "./remove-ip-allowlist";
import { removeOrganizationFeature } from "./remove-organization-feature";
import { resendOutboxMessage } from "./resend-outbox-message";
import { setFiatOnRampWebhookSecret } from "./set-fiat-on-ramp-webhook-secret";
import { setIpAllowlist } from "./set-ip-allowlist";
import { setOrganizationFeature } from "./set-organization-feature";
import { signRawPayload } from "./sign-raw-payload";
import { signRawPayloads } from "./sign-raw-payloads";
import { signTransaction } from "./sign-transaction";
import { solSendTransaction } from "./sol-send-transaction";
import { stampLogin } from "./stamp-login";
import { updateFiatOnRampCredential } from "./update-fiat-on-ramp-credential";
import { updateMfaPolicy } from "./update-mfa-policy";
import { updateNotifications } from "./update-notifications";
import { updateOauth2Credential } from "./update-oauth2-credential";
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
import { updateWebhookEndpoint } from "./update-webhook-endpoint";
import { upsertGasUsageConfig } from "./upsert-gas-usage-config";
import { upsertSwapConfig } from "./upsert-swap-config";
import { verifyOtp } from "./verify-otp";

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
  update_notifications: updateNotifications,
  resend_outbox_message: resendOutboxMessage,
  update_organization_name: updateOrganizationName,
  set_organization_feature: setOrganizationFeature,
  remove_organization_feature: removeOrganizationFeature,
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
  init_import_secrets: initImportSecrets,
  import_secrets: importSecrets,
  export_secrets: exportSecrets,
  sign_raw_payload: signRawPayload,
  sign_raw_payloads: signRawPayloads,
  sign_transaction: signTransaction,
  eth_send_transaction: ethSendTransaction,
  create_swap_quote: createSwapQuote,
  execute_swap: executeSwap,
  upsert_swap_config: upsertSwapConfig,
  claim_swap_fees: claimSwapFees,
  eth_send_raw_transaction: ethSendRawTransaction,
  sol_send_transaction: solSendTransaction,
  eth_undelegate_7702: ethUndelegate7702,
  earn_deploy_wrapper: earnDeployWrapper,
  earn_deposit: earnDeposit,
  earn_withdraw: earnWithdraw,
  earn_set_wrapper_state: earnSetWrapperState,
  claim_earn_fees: claimEarnFees,
  create_policy: createPolicy,
  create_policies: createPolicies,
  update_policy: updatePolicy,
  delete_policy: deletePolicy,
  delete_policies: deletePolicies,
  init_otp: initOtp,
  create_invitations: createInvitations,
  delete_invitation: deleteInvitation,
  create_session_profile: createSessionProfile,
  create_mfa_policy: createMfaPolicy,
  update_mfa_policy: updateMfaPolicy,
  delete_mfa_policy: deleteMfaPolicy,
  set_ip_allowlist: setIpAllowlist,
  remove_ip_allowlist: removeIpAllowlist,
  email_auth: emailAuth,
  init_user_email_recovery: initUserEmailRecovery,
  recover_user: recoverUser,
  create_api_only_users: createApiOnlyUsers,
  init_otp_auth: initOtpAuth,
  otp_auth: otpAuth,
  verify_otp: verifyOtp,
  otp_login: otpLogin,
  create_oauth_providers: createOauthProviders,
  create_oauth2_credential: createOauth2Credential,
  update_oauth2_credential: updateOauth2Credential,
  delete_oauth2_credential: deleteOauth2Credential,
  oauth2_authenticate: oauth2Authenticate,
  delete_oauth_providers: deleteOauthProviders,
  oauth_login: oauthLogin,
  oauth,
  create_fiat_on_ramp_credential: createFiatOnRampCredential,
  update_fiat_on_ramp_credential: updateFiatOnRampCredential,
  delete_fiat_on_ramp_credential: deleteFiatOnRampCredential,
  set_fiat_on_ramp_webhook_secret: setFiatOnRampWebhookSecret,
  init_fiat_on_ramp: initFiatOnRamp,
  create_webhook_endpoint: createWebhookEndpoint,
  update_webhook_endpoint: updateWebhookEndpoint,
  delete_webhook_endpoint: deleteWebhookEndpoint,
  redeliver_webhook: redeliverWebhook,
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

/**
 * Each type (and each older type a definition also accepts) to the first definition in the registry
 * that takes it: every activity rendered looks its type up, a list of them once per row.
 */
let byType: Map<string, ActivityDefinition> | undefined;

export function activityByType(type: string): ActivityDefinition | undefined {
  if (!byType) {
    byType = new Map();
    for (const definition of Object.values(activityRegistry)) {
      for (const accepted of [definition.type, ...(definition.alsoAccepts ?? [])]) {
        if (!byType.has(accepted)) byType.set(accepted, definition);
      }
    }
  }
  return byType.get(type);
}
