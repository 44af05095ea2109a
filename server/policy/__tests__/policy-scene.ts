import { afterAll, beforeAll, expect } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TPolicy, TPolicyEvaluation } from "@/lib/api/policies";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * The organization the policy tests share — a root user, alice who asks, two admins (tagged
 * "admin") who may approve, an outsider, and an Ethereum wallet — with the calls they make. The
 * bindings are live: a test file calls `withPolicyScene()` and reads `t`, `root`, `alice`, ….
 */

export type Actor = { userId: string; key: TestKey };
export type ActivityBody = { activity: TActivity };
export type ErrorBody = { message: string; details: Record<string, unknown>[] };

export let t: TestApp;
let orgId: string;
export let root: Actor;
export let alice: Actor; // a non-root user who asks
export let admin1: Actor;
export let admin2: Actor;
export let outsider: Actor; // a non-root user no policy names
export let ethAddress: string;
export let adminTagId: string;

export const VAULT = "0x000000000000000000000000000000000000beef";
const ETH = {
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: "m/44'/60'/0'/0/0",
  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
};

export async function submit(as: Actor, path: string, type: string, parameters: unknown) {
  return t.call<ActivityBody & ErrorBody>("submit", path, t.activity(type, orgId, parameters), as.key);
}
export async function ok<R>(as: Actor, path: string, type: string, parameters: unknown, resultKey: string) {
  const res = await submit(as, path, type, parameters);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status, JSON.stringify(res.body.activity)).toBe("ACTIVITY_STATUS_COMPLETED");
  return (res.body.activity.result as Record<string, unknown>)[resultKey] as R;
}
export const query = <R>(as: Actor, path: string, body: Record<string, unknown>) =>
  t.call<R & ErrorBody>("query", path, { organizationId: orgId, ...body }, as.key);
export const policy = (policyName: string, effect: string, condition?: string, consensus?: string) =>
  ok<{ policyId: string }>(
    root,
    "create_policy",
    "ACTIVITY_TYPE_CREATE_POLICY_V3",
    {
      policyName,
      effect,
      notes: "",
      ...(condition ? { condition } : {}),
      ...(consensus ? { consensus } : {}),
    },
    "createPolicyResult",
  );
export const dropPolicies = async () => {
  const { body } = await query<{ policies: TPolicy[] }>(root, "list_policies", {});
  if (body.policies.length === 0) return;
  await ok(
    root,
    "delete_policies",
    "ACTIVITY_TYPE_DELETE_POLICIES",
    { policyIds: body.policies.map((p) => p.policyId) },
    "deletePoliciesResult",
  );
};
export const evaluations = async (activityId: string) =>
  (await query<{ policyEvaluations: TPolicyEvaluation[] }>(root, "get_policy_evaluations", { activityId }))
    .body.policyEvaluations;
export const signRaw = (as: Actor, payload: string) =>
  submit(as, "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
    signWith: ethAddress,
    payload,
    encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
    hashFunction: "HASH_FUNCTION_NO_OP",
  });
export const vote = (as: Actor, activity: TActivity, approve: boolean) =>
  t.call<ActivityBody & ErrorBody>(
    "submit",
    approve ? "approve_activity" : "reject_activity",
    t.activity(approve ? "ACTIVITY_TYPE_APPROVE_ACTIVITY" : "ACTIVITY_TYPE_REJECT_ACTIVITY", orgId, {
      fingerprint: activity.fingerprint,
    }),
    as.key,
  );

/** One test app per file, with the organization above. */
export function withPolicyScene(): void {
  beforeAll(async () => {
    t = await startTestApp();
    const org = await t.newOrganization("Policies");
    orgId = org.organizationId;
    root = { userId: org.userId, key: org.key };
    const { userTagId } = await ok<{ userTagId: string }>(
      root,
      "create_user_tag",
      "ACTIVITY_TYPE_CREATE_USER_TAG",
      { userTagName: "admin", userIds: [] },
      "createUserTagResult",
    );
    adminTagId = userTagId;
    const keys = [newApiKey(), newApiKey(), newApiKey(), newApiKey()];
    const names = ["alice", "admin-1", "admin-2", "outsider"];
    const { userIds } = await ok<{ userIds: string[] }>(
      root,
      "create_users",
      "ACTIVITY_TYPE_CREATE_USERS_V4",
      {
        users: names.map((userName, i) => ({
          userName,
          apiKeys: [{ apiKeyName: userName, publicKey: keys[i]!.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: userName.startsWith("admin") ? [userTagId] : [],
        })),
      },
      "createUsersResult",
    );
    const actors = userIds.map((userId, i) => ({ userId, key: keys[i]! }));
    [alice, admin1, admin2, outsider] = actors as [Actor, Actor, Actor, Actor];
    const wallet = await ok<{ addresses: string[] }>(
      root,
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      { walletName: "Treasury", accounts: [ETH] },
      "createWalletResult",
    );
    ethAddress = wallet.addresses[0]!;
  });
  afterAll(async () => t?.close());
}
