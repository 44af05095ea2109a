import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * README "Limits per activity": an activity's statements do not grow with its items (issue 15 §1.3,
 * where one create_users held PGlite for 33 s with a query per key). Each multi-item activity runs
 * with 1 item and with 50, and the database round trips (the driver's own count) must stay the same
 * give or take a couple: a per-item query would add 49 or more.
 */
let t: TestApp;
let organizationId: string;
let root: TestKey;

type Result = Record<string, Record<string, unknown>>;

async function submit(path: string, type: string, parameters: unknown): Promise<Result> {
  const res = await t.call<{ activity: { result: Result } }>(
    "submit",
    path,
    t.activity(type, organizationId, parameters),
    root,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.activity.result;
}

/** Round trips one submission of `path` made. */
async function roundTrips(path: string, type: string, parameters: unknown): Promise<number> {
  const read = async () =>
    (await t.app.metrics.roundTrips.get()).values.find((v) => v.labels.path === `/submit/${path}`)?.value ??
    0;
  const before = await read();
  await submit(path, type, parameters);
  return (await read()) - before;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
let serial = 0;
const name = (what: string) => `${what} ${++serial}`;

async function newUsers(n: number): Promise<string[]> {
  const result = await submit("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: range(n).map(() => ({
      userName: name("user"),
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    })),
  });
  return (result.createUsersResult as { userIds: string[] }).userIds;
}

const ethereumAccount = (i: number) => ({
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: `m/44'/60'/0'/0/${i}`,
  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
});

async function newPrivateKeys(n: number): Promise<string[]> {
  const result = await submit("create_private_keys", "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", {
    privateKeys: range(n).map(() => ({
      privateKeyName: name("key"),
      curve: "CURVE_SECP256K1",
      privateKeyTags: [],
      addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
    })),
  });
  return (result.createPrivateKeysResultV2 as { privateKeys: { privateKeyId: string }[] }).privateKeys.map(
    (k) => k.privateKeyId,
  );
}

async function newPolicies(n: number): Promise<string[]> {
  const result = await submit("create_policies", "ACTIVITY_TYPE_CREATE_POLICIES", {
    policies: range(n).map(() => ({
      policyName: name("policy"),
      effect: "EFFECT_ALLOW",
      condition: "activity.resource == 'WALLET'",
      consensus: "approvers.count() >= 1",
      notes: "",
    })),
  });
  return (result.createPoliciesResult as { policyIds: string[] }).policyIds;
}

async function newWallet(accounts: number): Promise<string> {
  const result = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName: name("wallet"),
    accounts: range(accounts).map(ethereumAccount),
  });
  return (result.createWalletResult as { walletId: string }).walletId;
}

async function newTags(n: number, kind: "user" | "private key"): Promise<string[]> {
  const ids: string[] = [];
  for (const _ of range(n)) {
    if (kind === "user") {
      const result = await submit("create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
        userTagName: name("tag"),
        userIds: await newUsers(1),
      });
      ids.push((result.createUserTagResult as { userTagId: string }).userTagId);
    } else {
      const result = await submit("create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
        privateKeyTagName: name("tag"),
        privateKeyIds: await newPrivateKeys(1),
      });
      ids.push((result.createPrivateKeyTagResult as { privateKeyTagId: string }).privateKeyTagId);
    }
  }
  return ids;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, key: root } = await t.newOrganization());
}, 120_000);
afterAll(async () => t?.close());

/** Each case: how to submit it with `n` items (set-up included, not counted). */
const CASES: [string, string, (n: number) => Promise<unknown>][] = [
  [
    "create_policies",
    "ACTIVITY_TYPE_CREATE_POLICIES",
    async (n) => ({
      policies: range(n).map(() => ({
        policyName: name("policy"),
        effect: "EFFECT_ALLOW",
        condition: "activity.resource == 'WALLET'",
        consensus: "approvers.count() >= 1",
        notes: "",
      })),
    }),
  ],
  ["delete_users", "ACTIVITY_TYPE_DELETE_USERS", async (n) => ({ userIds: await newUsers(n) })],
  [
    "create_api_keys",
    "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
    async (n) => ({
      userId: (await newUsers(1))[0],
      apiKeys: range(n).map(() => ({
        apiKeyName: name("api key"),
        publicKey: newApiKey().publicKey,
        curveType: "API_KEY_CURVE_P256",
      })),
    }),
  ],
  [
    "create_user_tag",
    "ACTIVITY_TYPE_CREATE_USER_TAG",
    async (n) => ({ userTagName: name("tag"), userIds: await newUsers(n) }),
  ],
  [
    "delete_user_tags",
    "ACTIVITY_TYPE_DELETE_USER_TAGS",
    async (n) => ({ userTagIds: await newTags(n, "user") }),
  ],
  [
    "create_private_key_tag",
    "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG",
    async (n) => ({ privateKeyTagName: name("tag"), privateKeyIds: await newPrivateKeys(n) }),
  ],
  [
    "create_wallet_accounts",
    "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
    async (n) => {
      const result = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
        walletName: name("wallet"),
        accounts: [ethereumAccount(0)],
      });
      const walletId = (result.createWalletResult as { walletId: string }).walletId;
      return { walletId, accounts: range(n).map((i) => ethereumAccount(i + 1)) };
    },
  ],
  [
    "create_private_keys",
    "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2",
    async (n) => ({
      privateKeys: range(n).map(() => ({
        privateKeyName: name("key"),
        curve: "CURVE_SECP256K1",
        privateKeyTags: [],
        addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
      })),
    }),
  ],
  [
    "delete_private_keys",
    "ACTIVITY_TYPE_DELETE_PRIVATE_KEYS",
    async (n) => ({ privateKeyIds: await newPrivateKeys(n), deleteWithoutExport: true }),
  ],
  ["delete_policies", "ACTIVITY_TYPE_DELETE_POLICIES", async (n) => ({ policyIds: await newPolicies(n) })],
  [
    "delete_api_keys",
    "ACTIVITY_TYPE_DELETE_API_KEYS",
    async (n) => {
      const [userId] = await newUsers(1);
      const result = await submit("create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", {
        userId,
        apiKeys: range(n).map(() => ({
          apiKeyName: name("api key"),
          publicKey: newApiKey().publicKey,
          curveType: "API_KEY_CURVE_P256",
        })),
      });
      return { userId, apiKeyIds: (result.createApiKeysResult as { apiKeyIds: string[] }).apiKeyIds };
    },
  ],
  [
    "update_user_tag",
    "ACTIVITY_TYPE_UPDATE_USER_TAG",
    async (n) => {
      const [userTagId] = await newTags(1, "user");
      return { userTagId, newUserTagName: "", addUserIds: await newUsers(n), removeUserIds: [] };
    },
  ],
  [
    "delete_private_key_tags",
    "ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS",
    async (n) => ({ privateKeyTagIds: await newTags(n, "private key") }),
  ],
  [
    "create_wallet",
    "ACTIVITY_TYPE_CREATE_WALLET",
    async (n) => ({ walletName: name("wallet"), accounts: range(n).map(ethereumAccount) }),
  ],
  [
    "delete_wallets",
    "ACTIVITY_TYPE_DELETE_WALLETS",
    async (n) => {
      const walletIds: string[] = [];
      for (const _ of range(n)) walletIds.push(await newWallet(1));
      return { walletIds, deleteWithoutExport: true };
    },
  ],
  [
    "delete_wallet_accounts",
    "ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS",
    async (n) => {
      const walletId = await newWallet(n + 1);
      const listed = await t.call<{ accounts: { walletAccountId: string }[] }>(
        "query",
        "list_wallet_accounts",
        { organizationId, walletId },
        root,
      );
      return {
        walletAccountIds: listed.body.accounts.slice(1).map((a) => a.walletAccountId),
        deleteWithoutExport: true,
      };
    },
  ],
  [
    "sign_raw_payloads",
    "ACTIVITY_TYPE_SIGN_RAW_PAYLOADS",
    async (n) => ({
      signWith: (await newPrivateKeys(1))[0],
      payloads: range(n).map((i) => `payload ${i}`),
      encoding: "PAYLOAD_ENCODING_TEXT_UTF8",
      hashFunction: "HASH_FUNCTION_SHA256",
    }),
  ],
];

describe("multi-item activities", () => {
  it.each(CASES)(
    "%s: 50 items cost the database about what 1 does",
    async (path, type, params) => {
      const one = await roundTrips(path, type, await params(1));
      const many = await roundTrips(path, type, await params(50));
      expect(many - one, `${path}: ${one} round trips for 1 item, ${many} for 50`).toBeLessThanOrEqual(3);
    },
    120_000,
  );
});
