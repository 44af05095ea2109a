import type { PolicyValue } from "../types";
import { isRecord } from "./guards";

/**
 * `activity.params`: the few parameters Turnkey's reference exposes to policies ("Activity
 * parameters" in language.mdx), in snake_case, read from the activity's validated (camelCase)
 * parameters. Anything else is absent, so reading it is an evaluation error, as the reference says.
 *
 * `user_id` (CREATE_API_KEYS), `target_public_key` (EXPORT_*) and `session_profile_id` (*_LOGIN)
 * come from our wire notes (reference/wire-format.md §6), not from the version of language.mdx we
 * read; they are kept because they are what such a policy would want to check.
 */
export function paramsOf(type: string, intentParams: unknown): PolicyValue {
  const fields = EXPOSED[type];
  const source = isRecord(intentParams) ? intentParams : {};
  const params: Record<string, PolicyValue> = {};
  for (const [name, from, read] of fields ?? []) {
    const value = read(source[from]);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

type Reader = (value: unknown) => PolicyValue | undefined;
type Field = readonly [name: string, from: string, read: Reader];

const text: Reader = (value) => (typeof value === "string" ? value : undefined);
const flag: Reader = (value) => (typeof value === "boolean" ? value : undefined);
const integer: Reader = (value) =>
  typeof value === "number" && Number.isInteger(value)
    ? BigInt(value)
    : typeof value === "string" && /^\d+$/.test(value)
      ? BigInt(value)
      : undefined;
const texts: Reader = (value) =>
  Array.isArray(value) && value.every((v) => typeof v === "string") ? [...value] : undefined;
const subscriptions: Reader = (value) => {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isRecord).map((s) => {
    const subscription: Record<string, PolicyValue> = {};
    for (const [name, from, read] of SUBSCRIPTION) {
      const field = read(s[from]);
      if (field !== undefined) subscription[name] = field;
    }
    return subscription;
  });
};

const SUBSCRIPTION: Field[] = [
  ["event_type", "eventType", text],
  ["filters_json", "filtersJson", text],
  ["is_active", "isActive", flag],
];

const SIGN_RAW: Field[] = [
  ["hash_function", "hashFunction", text],
  ["encoding", "encoding", text],
];
const TARGET_PUBLIC_KEY: Field[] = [["target_public_key", "targetPublicKey", text]];
const SESSION_PROFILE: Field[] = [["session_profile_id", "sessionProfileId", text]];
const OTP_LENGTH: Field[] = [["otp_length", "otpLength", integer]];

const EXPOSED: Record<string, Field[]> = {
  ACTIVITY_TYPE_SIGN_RAW_PAYLOAD: SIGN_RAW,
  ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: SIGN_RAW,
  ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: SIGN_RAW,
  ACTIVITY_TYPE_SIGN_TRANSACTION_V2: [["type", "type", text]],
  ACTIVITY_TYPE_DELETE_USERS: [["user_ids", "userIds", texts]],
  ACTIVITY_TYPE_UPDATE_WALLET: [["wallet_id", "walletId", text]],
  ACTIVITY_TYPE_DELETE_POLICY: [["policy_id", "policyId", text]],
  ACTIVITY_TYPE_DELETE_POLICIES: [["policy_ids", "policyIds", texts]],
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: [["user_id", "userId", text]],
  ACTIVITY_TYPE_EXPORT_WALLET: TARGET_PUBLIC_KEY,
  ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: TARGET_PUBLIC_KEY,
  ACTIVITY_TYPE_EXPORT_PRIVATE_KEY: TARGET_PUBLIC_KEY,
  ACTIVITY_TYPE_STAMP_LOGIN: SESSION_PROFILE,
  ACTIVITY_TYPE_OTP_LOGIN_V2: SESSION_PROFILE,
  ACTIVITY_TYPE_OAUTH_LOGIN: SESSION_PROFILE,
  ACTIVITY_TYPE_INIT_OTP_AUTH_V2: OTP_LENGTH,
  ACTIVITY_TYPE_INIT_OTP_AUTH_V3: OTP_LENGTH,
  ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT: [
    ["url", "url", text],
    ["name", "name", text],
    ["subscriptions", "subscriptions", subscriptions],
  ],
  ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT: [
    ["endpoint_id", "endpointId", text],
    ["url", "url", text],
    ["name", "name", text],
    ["is_active", "isActive", flag],
  ],
  ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT: [["endpoint_id", "endpointId", text]],
};
