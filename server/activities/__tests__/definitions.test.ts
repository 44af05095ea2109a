import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { activityRegistry } from "../index";

const definitions = Object.entries(activityRegistry);

/**
 * The reference's "Activity breakdown" (policy language: resource and action of each activity
 * type), for the types Latchkey serves; two root-quorum-only types it leaves out are classified by
 * analogy. The oracle each definition's own declaration is checked against.
 */
const BREAKDOWN: Record<string, [resource: string, action: string]> = {
  ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8: ["ORGANIZATION", "CREATE"],
  ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION: ["ORGANIZATION", "DELETE"],
  ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME: ["ORGANIZATION", "UPDATE"],
  // Not in the breakdown; classified by analogy with the organization's name and quorum.
  ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE: ["ORGANIZATION", "UPDATE"],
  ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE: ["ORGANIZATION", "UPDATE"],
  // Not in the breakdown; classified by analogy with the other organization settings.
  ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG: ["CONFIG", "UPDATE"],
  // Not in the breakdown: a quote prices a trade for a signer and its execution signs one, like
  // the other sends; the fee settings and their payout are organization settings.
  ACTIVITY_TYPE_CREATE_SWAP_QUOTE: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_EXECUTE_SWAP_V2: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_UPSERT_SWAP_CONFIG: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_CLAIM_SWAP_FEES: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_ROOT_QUORUM: ["ORGANIZATION", "UPDATE"],
  // Latchkey's own: a user's notification settings, classified like the other user updates.
  ACTIVITY_TYPE_UPDATE_NOTIFICATIONS: ["USER", "UPDATE"],
  ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT: ["WEBHOOK_ENDPOINT", "CREATE"],
  ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT: ["WEBHOOK_ENDPOINT", "UPDATE"],
  ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT: ["WEBHOOK_ENDPOINT", "DELETE"],
  // Latchkey's own: sending a logged event again changes what the endpoint is sent.
  ACTIVITY_TYPE_REDELIVER_WEBHOOK: ["WEBHOOK_ENDPOINT", "UPDATE"],
  ACTIVITY_TYPE_CREATE_POLICY_V3: ["POLICY", "CREATE"],
  ACTIVITY_TYPE_CREATE_POLICIES: ["POLICY", "CREATE"],
  ACTIVITY_TYPE_UPDATE_POLICY_V2: ["POLICY", "UPDATE"],
  ACTIVITY_TYPE_DELETE_POLICY: ["POLICY", "DELETE"],
  ACTIVITY_TYPE_DELETE_POLICIES: ["POLICY", "DELETE"],
  ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE: ["SMART_CONTRACT_INTERFACE", "CREATE"],
  ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE: ["SMART_CONTRACT_INTERFACE", "DELETE"],
  ACTIVITY_TYPE_CREATE_WALLET: ["WALLET", "CREATE"],
  ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS: ["WALLET", "CREATE"],
  ACTIVITY_TYPE_EXPORT_WALLET: ["WALLET", "EXPORT"],
  ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: ["WALLET", "EXPORT"],
  ACTIVITY_TYPE_INIT_IMPORT_WALLET: ["WALLET", "IMPORT"],
  ACTIVITY_TYPE_IMPORT_WALLET: ["WALLET", "IMPORT"],
  ACTIVITY_TYPE_DELETE_WALLETS: ["WALLET", "DELETE"],
  ACTIVITY_TYPE_UPDATE_WALLET: ["WALLET", "UPDATE"],
  ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS: ["WALLET", "DELETE"],
  ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2: ["PRIVATE_KEY", "CREATE"],
  ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG: ["PRIVATE_KEY", "CREATE"],
  ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG: ["PRIVATE_KEY", "UPDATE"],
  ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS: ["PRIVATE_KEY", "DELETE"],
  ACTIVITY_TYPE_DELETE_PRIVATE_KEYS: ["PRIVATE_KEY", "DELETE"],
  ACTIVITY_TYPE_EXPORT_PRIVATE_KEY: ["PRIVATE_KEY", "EXPORT"],
  ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY: ["PRIVATE_KEY", "IMPORT"],
  ACTIVITY_TYPE_IMPORT_PRIVATE_KEY: ["PRIVATE_KEY", "IMPORT"],
  // Not in the breakdown (the Secrets API is newer); classified by analogy with key imports/exports.
  ACTIVITY_TYPE_INIT_IMPORT_SECRETS: ["SECRET", "IMPORT"],
  ACTIVITY_TYPE_IMPORT_SECRETS: ["SECRET", "IMPORT"],
  ACTIVITY_TYPE_EXPORT_SECRETS: ["SECRET", "EXPORT"],
  ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_SIGN_TRANSACTION_V2: ["PRIVATE_KEY", "SIGN"],
  // wire-format.md: PRIVATE_KEY/SIGN = …, ETH/SOL_SEND_TRANSACTION
  ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2: ["PRIVATE_KEY", "SIGN"],
  // Not in the breakdown: Earn's deposits and withdrawals sign with an account, as sends do; the
  // wrapper's deployment, state and fee claims change organization settings, as features do.
  ACTIVITY_TYPE_EARN_DEPOSIT: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_EARN_WITHDRAW: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER: ["ORGANIZATION", "UPDATE"],
  ACTIVITY_TYPE_EARN_SET_WRAPPER_STATE: ["ORGANIZATION", "UPDATE"],
  ACTIVITY_TYPE_CLAIM_EARN_FEES: ["ORGANIZATION", "UPDATE"],
  // Not in the table: a broadcast, classified with the sends.
  ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_ETH_UNDELEGATE_7702: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_CREATE_USERS_V4: ["USER", "CREATE"],
  ACTIVITY_TYPE_CREATE_API_ONLY_USERS: ["USER", "CREATE"],
  ACTIVITY_TYPE_CREATE_USER_TAG: ["USER", "CREATE"],
  ACTIVITY_TYPE_UPDATE_USER: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_NAME: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_EMAIL: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_TAG: ["USER", "UPDATE"],
  ACTIVITY_TYPE_DELETE_USERS: ["USER", "DELETE"],
  ACTIVITY_TYPE_DELETE_USER_TAGS: ["USER", "DELETE"],
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: ["CREDENTIAL", "CREATE"],
  ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2: ["CREDENTIAL", "CREATE"],
  ACTIVITY_TYPE_DELETE_API_KEYS: ["CREDENTIAL", "DELETE"],
  ACTIVITY_TYPE_DELETE_AUTHENTICATORS: ["CREDENTIAL", "DELETE"],
  ACTIVITY_TYPE_STAMP_LOGIN: ["AUTH", "CREATE"],
  ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2: ["AUTH", "CREATE"],
  // Not in the table: a read-only session is a session like the read-write one.
  ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION: ["AUTH", "CREATE"],
  ACTIVITY_TYPE_VERIFY_OTP_V2: ["OTP", "VERIFY"],
  // Not in our notes of the table: starting an OTP flow creates one; a login creates a session.
  ACTIVITY_TYPE_INIT_OTP_V3: ["OTP", "CREATE"],
  ACTIVITY_TYPE_OTP_LOGIN_V2: ["AUTH", "CREATE"],
  // Not in our notes either: init_otp_auth starts a flow as init_otp does; otp_auth creates a credential.
  ACTIVITY_TYPE_INIT_OTP_AUTH_V3: ["OTP", "CREATE"],
  ACTIVITY_TYPE_OTP_AUTH: ["AUTH", "CREATE"],
  // Our notes' CREDENTIAL/CREATE row names CREATE_OAUTH_PROVIDERS_V2; unlinking deletes that
  // credential; the OIDC logins create a session or a credential like their OTP counterparts.
  ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2: ["CREDENTIAL", "CREATE"],
  ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS: ["CREDENTIAL", "DELETE"],
  ACTIVITY_TYPE_OAUTH_LOGIN: ["AUTH", "CREATE"],
  ACTIVITY_TYPE_OAUTH: ["AUTH", "CREATE"],
  // Not in the breakdown: OAuth 2.0 clients are organization settings like the on-ramp
  // credentials, and the code exchange yields a login token like oauth.
  ACTIVITY_TYPE_CREATE_OAUTH2_CREDENTIAL: ["CONFIG", "CREATE"],
  ACTIVITY_TYPE_UPDATE_OAUTH2_CREDENTIAL: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_DELETE_OAUTH2_CREDENTIAL: ["CONFIG", "DELETE"],
  ACTIVITY_TYPE_OAUTH2_AUTHENTICATE: ["AUTH", "CREATE"],
  // Not in our notes: e-mail auth creates a credential like otp_auth; recovery is its own resource.
  ACTIVITY_TYPE_EMAIL_AUTH_V3: ["AUTH", "CREATE"],
  ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2: ["RECOVERY", "CREATE"],
  ACTIVITY_TYPE_RECOVER_USER: ["RECOVERY", "UPDATE"],
  // Not in our notes: a session profile is what logins create sessions under.
  ACTIVITY_TYPE_CREATE_SESSION_PROFILE: ["AUTH", "CREATE"],
  // Latchkey extension: sending a code's message again, beside init_otp's OTP CREATE.
  ACTIVITY_TYPE_RESEND_OUTBOX_MESSAGE: ["OTP", "UPDATE"],
  // Not in our notes: MFA policies are rules of authentication, like session profiles; an IP
  // allowlist is organization configuration.
  ACTIVITY_TYPE_CREATE_MFA_POLICY: ["AUTH", "CREATE"],
  ACTIVITY_TYPE_UPDATE_MFA_POLICY: ["AUTH", "UPDATE"],
  ACTIVITY_TYPE_DELETE_MFA_POLICY: ["AUTH", "DELETE"],
  ACTIVITY_TYPE_SET_IP_ALLOWLIST: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST: ["CONFIG", "DELETE"],
  // The breakdown's INVITATION resource.
  ACTIVITY_TYPE_CREATE_INVITATIONS: ["INVITATION", "CREATE"],
  ACTIVITY_TYPE_DELETE_INVITATION: ["INVITATION", "DELETE"],
  // Root-quorum-only organization settings, like the organization's name.
  // Not in the breakdown: on-ramp provider accounts and purchases, classified with the
  // organization's other configuration (gas usage).
  ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL: ["CONFIG", "CREATE"],
  ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL: ["CONFIG", "DELETE"],
  // Latchkey's own: one more key of a credential, classified like update_fiat_on_ramp_credential.
  ACTIVITY_TYPE_SET_FIAT_ON_RAMP_WEBHOOK_SECRET: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_INIT_FIAT_ON_RAMP: ["CONFIG", "CREATE"],
};

/** `activity.params` the reference (and our wire notes, §6) exposes, by type. */
const EXPOSED: Record<string, string[]> = {
  ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: ["hash_function", "encoding"],
  ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: ["hash_function", "encoding"],
  ACTIVITY_TYPE_SIGN_TRANSACTION_V2: ["type"],
  ACTIVITY_TYPE_DELETE_USERS: ["user_ids"],
  ACTIVITY_TYPE_UPDATE_WALLET: ["wallet_id"],
  ACTIVITY_TYPE_DELETE_POLICY: ["policy_id"],
  ACTIVITY_TYPE_DELETE_POLICIES: ["policy_ids"],
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: ["user_id"],
  ACTIVITY_TYPE_EXPORT_WALLET: ["target_public_key"],
  ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: ["target_public_key"],
  ACTIVITY_TYPE_EXPORT_PRIVATE_KEY: ["target_public_key"],
  ACTIVITY_TYPE_STAMP_LOGIN: ["session_profile_id"],
  ACTIVITY_TYPE_OTP_LOGIN_V2: ["session_profile_id"],
  // §6: "*_LOGIN `session_profile_id`".
  ACTIVITY_TYPE_OAUTH_LOGIN: ["session_profile_id"],
};

/** Parameters that name a wallet, account or key, or content to sign: policies must see them. */
const TARGET_PARAMETERS = [
  "signWith",
  "from",
  "address",
  "walletId",
  "walletIds",
  "walletAccountIds",
  "privateKeyId",
  "privateKeyIds",
  "unsignedTransaction",
  "payload",
  "payloads",
];

const topLevelKeys = (schema: z.ZodType): string[] => {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
};

describe("every registered activity declares what the pipeline and the policies need", () => {
  it("is registered under its own path, with the type of the shared list", () => {
    expect(definitions.length).toBeGreaterThan(40);
    for (const [path, d] of definitions) {
      expect(d.path).toBe(path);
      expect(d.type, path).toBe(ACTIVITY_TYPES[path as keyof typeof ACTIVITY_TYPES]);
    }
    const listed = Object.keys(ACTIVITY_TYPES).filter(
      (p) => !["approve_activity", "reject_activity"].includes(p),
    );
    expect(listed.sort()).toEqual(definitions.map(([path]) => path).sort());
  });

  it("declares the resource and action of the reference's breakdown", () => {
    for (const [, d] of definitions) {
      expect([d.resource, d.action], d.type).toEqual(BREAKDOWN[d.type]);
    }
  });

  it("declares the parameters the reference exposes to policies, and no others", () => {
    for (const [, d] of definitions) {
      expect(
        (d.policyParams ?? []).map((p) => p.name),
        d.type,
      ).toEqual(EXPOSED[d.type] ?? []);
    }
  });

  it("declares targets whenever its parameters name a wallet, account, key or content to sign", () => {
    for (const [path, d] of definitions) {
      const named = topLevelKeys(d.params).filter((k) => TARGET_PARAMETERS.includes(k));
      if (named.length > 0) expect(d.targets, `${path} names ${named.join(", ")}`).toBeTypeOf("function");
    }
  });

  it("marks exactly the root-quorum-only activities", () => {
    const rootOnly = definitions.filter(([, d]) => d.rootQuorumOnly).map(([path]) => path);
    expect(rootOnly.sort()).toEqual([
      // The reference: "This activity must be approved by the current root quorum."
      "remove_organization_feature",
      "set_organization_feature",
      "update_organization_name",
      "update_root_quorum",
      "upsert_gas_usage_config",
    ]);
  });
});
