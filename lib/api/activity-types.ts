/**
 * Every activity type this server submits, keyed by its path under /public/v1/submit/. The
 * activity registry (server/activities) declares each definition's `type` from this table and a
 * test checks the two agree, so the browser names activity types from the same list the server
 * dispatches on instead of copying string literals.
 */
export const ACTIVITY_TYPES = {
  create_api_keys: "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
  create_authenticators: "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
  create_policies: "ACTIVITY_TYPE_CREATE_POLICIES",
  create_policy: "ACTIVITY_TYPE_CREATE_POLICY_V3",
  create_private_key_tag: "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG",
  create_private_keys: "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2",
  create_read_only_session: "ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION",
  create_read_write_session: "ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2",
  create_smart_contract_interface: "ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE",
  create_sub_organization: "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
  create_user_tag: "ACTIVITY_TYPE_CREATE_USER_TAG",
  create_users: "ACTIVITY_TYPE_CREATE_USERS_V4",
  create_wallet: "ACTIVITY_TYPE_CREATE_WALLET",
  create_wallet_accounts: "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
  delete_api_keys: "ACTIVITY_TYPE_DELETE_API_KEYS",
  delete_authenticators: "ACTIVITY_TYPE_DELETE_AUTHENTICATORS",
  delete_policies: "ACTIVITY_TYPE_DELETE_POLICIES",
  delete_policy: "ACTIVITY_TYPE_DELETE_POLICY",
  delete_private_key_tags: "ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS",
  delete_private_keys: "ACTIVITY_TYPE_DELETE_PRIVATE_KEYS",
  delete_smart_contract_interface: "ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE",
  delete_sub_organization: "ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION",
  delete_user_tags: "ACTIVITY_TYPE_DELETE_USER_TAGS",
  delete_users: "ACTIVITY_TYPE_DELETE_USERS",
  delete_wallet_accounts: "ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS",
  delete_wallets: "ACTIVITY_TYPE_DELETE_WALLETS",
  eth_send_transaction: "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2",
  export_private_key: "ACTIVITY_TYPE_EXPORT_PRIVATE_KEY",
  export_wallet: "ACTIVITY_TYPE_EXPORT_WALLET",
  export_wallet_account: "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT",
  import_private_key: "ACTIVITY_TYPE_IMPORT_PRIVATE_KEY",
  import_wallet: "ACTIVITY_TYPE_IMPORT_WALLET",
  init_import_private_key: "ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY",
  init_import_wallet: "ACTIVITY_TYPE_INIT_IMPORT_WALLET",
  sign_raw_payload: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
  sign_raw_payloads: "ACTIVITY_TYPE_SIGN_RAW_PAYLOADS",
  sign_transaction: "ACTIVITY_TYPE_SIGN_TRANSACTION_V2",
  stamp_login: "ACTIVITY_TYPE_STAMP_LOGIN",
  update_organization_name: "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
  update_policy: "ACTIVITY_TYPE_UPDATE_POLICY_V2",
  update_private_key_tag: "ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG",
  update_root_quorum: "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM",
  update_user: "ACTIVITY_TYPE_UPDATE_USER",
  update_user_email: "ACTIVITY_TYPE_UPDATE_USER_EMAIL",
  update_user_name: "ACTIVITY_TYPE_UPDATE_USER_NAME",
  update_user_phone_number: "ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER",
  update_user_tag: "ACTIVITY_TYPE_UPDATE_USER_TAG",
  update_wallet: "ACTIVITY_TYPE_UPDATE_WALLET",
  upsert_gas_usage_config: "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG",
  approve_activity: "ACTIVITY_TYPE_APPROVE_ACTIVITY",
  reject_activity: "ACTIVITY_TYPE_REJECT_ACTIVITY",
} as const;

export type TActivityPath = keyof typeof ACTIVITY_TYPES;
export type TActivityType = (typeof ACTIVITY_TYPES)[TActivityPath];

/** Recorded when an installation or the CLI bootstraps an organization; no endpoint submits it. */
export const BOOTSTRAP_ACTIVITY_TYPE = "ACTIVITY_TYPE_CREATE_ORGANIZATION";
