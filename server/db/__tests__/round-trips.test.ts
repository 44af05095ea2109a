import type { Counter } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benchPolicies, benchTransaction } from "../../cli/bench/policy-cost";
import { ETHEREUM_ACCOUNT, SOLANA_ACCOUNT } from "../../testing/accounts";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { auditCheckpoints } from "../schema";

/**
 * Database round trips per request, for the scenarios the bench loads (whoami, create_users,
 * sign_raw_payload, sign_transaction by a non-root user under 100 policies). The counts are the
 * driver's own (BEGIN and COMMIT included) and deterministic, so a change that adds a query to the
 * hot path fails here rather than hiding in a noisy throughput figure.
 */
let t: TestApp;
let organizationId: string;
let root: TestKey;
let member: TestKey;
let ethereum: string;
let solana: string;
let walletId: string;

/** A per-path counter's value so far (0 before its first count). */
async function countedFor(counter: Counter<"path">, path: string) {
  return (await counter.get()).values.find((v) => v.labels.path === path)?.value ?? 0;
}

async function roundTripsOf(
  path: string,
  send: () => Promise<{ status: number; body: unknown }>,
  on: TestApp = t,
) {
  const before = await countedFor(on.app.metrics.roundTrips, path);
  const response = await send();
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (await countedFor(on.app.metrics.roundTrips, path)) - before;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, key: root } = await t.newOrganization());
  const wallet = await t.newWallet(organizationId, root, [ETHEREUM_ACCOUNT, SOLANA_ACCOUNT]);
  [ethereum, solana] = wallet.addresses as [string, string];
  walletId = wallet.walletId;
  const { userId, key } = await t.newMember(organizationId, root);
  member = key;
  const policies = await t.call(
    "submit",
    "create_policies",
    t.activity("ACTIVITY_TYPE_CREATE_POLICIES", organizationId, { policies: benchPolicies(100, userId) }),
    root,
  );
  expect(policies.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/**
 * PGlite begins and commits a submission in round trips of their own; PostgreSQL sends BEGIN with
 * the transaction's first statement and COMMIT with the audit append (pipelined-transaction.ts).
 */
const CONTROL_APART = process.env.DATABASE_URL ? 0 : 2;

describe("database round trips per request", () => {
  it("stays within each scenario's budget", async () => {
    const counts: Record<string, number> = {};
    counts.whoami = await roundTripsOf("/query/whoami", () =>
      t.call("query", "whoami", { organizationId }, root),
    );
    counts.create_users = await roundTripsOf("/submit/create_users", () =>
      t.call(
        "submit",
        "create_users",
        t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
          users: [{ userName: "u1", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
        }),
        root,
      ),
    );
    let payload = 0;
    for (const [name, signWith, hashFunction] of [
      ["sign_raw_payload secp256k1", ethereum, "HASH_FUNCTION_NO_OP"],
      ["sign_raw_payload ed25519", solana, "HASH_FUNCTION_NOT_APPLICABLE"],
    ] as const) {
      counts[name] = await roundTripsOf("/submit/sign_raw_payload", () =>
        t.call(
          "submit",
          "sign_raw_payload",
          t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId, {
            signWith,
            payload: `0x${(++payload).toString(16).padStart(64, "0")}`,
            encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
            hashFunction,
          }),
          root,
        ),
      );
    }
    // The first round after the policies were written reads them and the interfaces (cache misses);
    // the next ones find them for the organization's current versions.
    for (const [name, nonce] of [
      ["sign_transaction non-root 100 policies, first", 1],
      ["sign_transaction non-root 100 policies", 2],
    ] as const) {
      counts[name] = await roundTripsOf("/submit/sign_transaction", () =>
        t.call(
          "submit",
          "sign_transaction",
          t.activity("ACTIVITY_TYPE_SIGN_TRANSACTION_V2", organizationId, {
            signWith: ethereum,
            type: "TRANSACTION_TYPE_ETHEREUM",
            unsignedTransaction: benchTransaction(nonce),
          }),
          member,
        ),
      );
    }
    console.log("round trips per request:", JSON.stringify(counts));
    // Before the first budget: whoami 4, create_users 15, sign_raw_payload 16, sign_transaction 24;
    // the first round brought them to 2, 12, 13, 17; the IP allowlist (every request), MFA policies
    // (every submission) and webhook endpoints (every status) then added 1, 2, 3, 3. Then allowlists,
    // MFA policies and compiled policies were cached per organization version (read with the caller),
    // whether anyone listens for webhooks came back with the status update itself, and the audit
    // chain added one statement per submission: 2, 13, 14, 17. Now the activity and its first vote
    // are one statement, the evaluation round rides in the audit append's statement, the voters
    // come back with the status update (credentials included), the signer's account is read once
    // with its wallet and sealed rows, and smart contract interfaces are cached per version: 2, 8,
    // 8, 8. Now the rate limit is counted in the caller's lookup, and a submission's final status
    // is written by the audit append's statement (which also reads the voters and the webhook flag):
    // 1, 6, 6, 6; and an activity signing with an address reads its account with its own insert:
    // 1, 6, 5, 5. On PostgreSQL the append is also the COMMIT, and the BEGIN goes with the first
    // statement (pipelined-transaction.ts): two fewer. Now a signature that executes at once reads
    // its account with its caller and is recorded by its append (submit-folded.ts): 1, 6, 4, 4. Then
    // create_users of users without passkeys or OAuth identities is recorded by its append too: 1, 5, 4, 4;
    // and those users' rows ride in the append's statement as well: 1, 4, 4, 4.
    // (A signed checkpoint every 64 chain entries adds one more, which these few requests do not reach.)
    const control = CONTROL_APART;
    expect(counts).toEqual({
      whoami: 1,
      create_users: 2 + control,
      "sign_raw_payload secp256k1": 2 + control,
      "sign_raw_payload ed25519": 2 + control,
      // The first round after a change reads the policies and the interfaces again.
      "sign_transaction non-root 100 policies, first": 4 + control,
      "sign_transaction non-root 100 policies": 2 + control,
    });
  }, 60_000);

  it("adds wallet accounts in five: the wallet, its mnemonic and what is taken read at once, the accounts written with their keys", async () => {
    const account = (index: number, name?: string) => ({
      curve: "CURVE_SECP256K1",
      pathFormat: "PATH_FORMAT_BIP32",
      path: `m/44'/60'/0'/0/${index}`,
      addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      ...(name ? { name } : {}),
    });
    const add = (accounts: object[]) =>
      roundTripsOf("/submit/create_wallet_accounts", () =>
        t.call(
          "submit",
          "create_wallet_accounts",
          t.activity("ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", organizationId, { walletId, accounts }),
          root,
        ),
      );
    // The caller's lookup; the activity's insert (with the BEGIN); the wallet with its sealed
    // mnemonic and the derivations and names asked for that are taken; the accounts with their
    // sealed keys; the audit append (with the COMMIT). Before: the wallet, the mnemonic, the
    // derivations, the names, the accounts and their keys each took one of their own (8, 9 named).
    expect(await add([account(11)])).toBe(5 + CONTROL_APART);
    expect(await add([account(12, "round trips"), account(13)])).toBe(5 + CONTROL_APART);
    // A new wallet: its name's check, its row, its sealed mnemonic, then the same read and write
    // (10 before).
    const created = await roundTripsOf("/submit/create_wallet", () =>
      t.call(
        "submit",
        "create_wallet",
        t.activity("ACTIVITY_TYPE_CREATE_WALLET", organizationId, {
          walletName: "round trips",
          accounts: [account(0), account(1)],
        }),
        root,
      ),
    );
    expect(created).toBe(8 + CONTROL_APART);
  }, 60_000);

  it("counts each request's own statements, and its waits, while requests queue for pooled connections", async () => {
    const total = (path: string) => countedFor(t.app.metrics.roundTrips, path);
    // A signed audit checkpoint (every 64 chain entries) costs the submission that reaches it one more.
    const checkpoints = async () => (await t.app.db.select().from(auditCheckpoints)).length;
    const poolWait = (path: string) => countedFor(t.app.metrics.poolWait, path);
    const before = {
      whoami: await total("/query/whoami"),
      users: await total("/submit/create_users"),
      usersWaited: await poolWait("/submit/create_users"),
      checkpoints: await checkpoints(),
    };
    const burstStarted = performance.now();
    // More requests at once than the pool has connections (10): most wait for one.
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => [
        t.call("query", "whoami", { organizationId }, root),
        t.call(
          "submit",
          "create_users",
          t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
            users: [
              { userName: `queued-${i}`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] },
            ],
          }),
          root,
        ),
      ]).flat(),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    // Forty requests for ten connections: on PostgreSQL most waited for one, each no longer than the
    // whole burst took; PGlite has no pool, and its one connection's queue is not counted.
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const waited = (await poolWait("/submit/create_users")) - before.usersWaited;
    if (process.env.DATABASE_URL) {
      expect(waited).toBeGreaterThan(0);
      expect(waited).toBeLessThanOrEqual(20 * burstSeconds);
    } else {
      expect(waited).toBe(0);
    }
    expect((await total("/query/whoami")) - before.whoami).toBe(20 * 1);
    expect((await total("/submit/create_users")) - before.users).toBe(
      20 * (2 + CONTROL_APART) + (await checkpoints()) - before.checkpoints,
    );
  }, 60_000);

  it("reads a signature's account with its caller when every activity rate limit is off", async () => {
    // A limit of 0 leaves nothing to count, so the caller's lookup has no counting statement to
    // carry the read-ahead: it reads ahead on its own, and the signature still takes its two.
    const unlimited = await startTestApp({
      env: { LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_KEY: "0", LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_IP: "0" },
    });
    try {
      const { organizationId: org, key } = await unlimited.newOrganization();
      const [address] = (await unlimited.newWallet(org, key, [ETHEREUM_ACCOUNT])).addresses;
      const trips = await roundTripsOf(
        "/submit/sign_raw_payload",
        () =>
          unlimited.call(
            "submit",
            "sign_raw_payload",
            unlimited.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", org, {
              signWith: address,
              payload: `0x${"ab".repeat(32)}`,
              encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
              hashFunction: "HASH_FUNCTION_NO_OP",
            }),
            key,
          ),
        unlimited,
      );
      expect(trips).toBe(2 + CONTROL_APART);
    } finally {
      await unlimited.close();
    }
  }, 60_000);
});
