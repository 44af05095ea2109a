import { readFileSync } from "node:fs";
import { serializeTransaction } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { policies } from "../../db/schema";
import { newId } from "../../ids";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * Each instance caches an organization's compiled policies, IP allowlists, MFA policies and smart
 * contract interfaces. A change
 * made through one instance must decide the very next request the other serves: a stale policy
 * would be a security bug. On PostgreSQL (DATABASE_URL) `second` is a real second AppContext — its
 * own pool and caches — on `first`'s schema; PGlite opens once per process, so there both are one
 * context and the test proves the cache follows writes through its own instance. Every request to
 * `second` below first warms its cache with what it is about to see change.
 */

type Body = { activity: TActivity; message: string };
const ENV = { LATCHKEY_TRUST_PROXY: "1" };
const OFFICE = "203.0.113.5";
const ELSEWHERE = "198.51.100.7";

let first: TestApp;
let second: TestApp;
let orgId: string;
let rootUserId: string;
let root: TestKey;
const alice = newApiKey();
const spare = newApiKey();
let spareKeyId: string;

function submit(on: TestApp, key: TestKey, path: string, type: string, parameters: unknown) {
  return on.call<Body>("submit", path, on.activity(type, orgId, parameters), key, {
    "x-forwarded-for": OFFICE,
  });
}

async function done(on: TestApp, path: string, type: string, parameters: unknown): Promise<TActivity> {
  const response = await submit(on, root, path, type, parameters);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return response.body.activity;
}

let tags = 0;
const newTag = (on: TestApp, key: TestKey) =>
  submit(on, key, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
    privateKeyTagName: `tag-${++tags}`,
    privateKeyIds: [],
  });

async function expectStatus(on: TestApp, key: TestKey, status: number, activityStatus?: string) {
  const response = await newTag(on, key);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  if (activityStatus) expect(response.body.activity.status).toBe(activityStatus);
  return response;
}

const TAGS = "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'";
const createPolicy = async (effect: string) =>
  (
    (
      await done(first, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
        policyName: `${effect} tags`,
        effect,
        condition: TAGS,
        notes: "",
      })
    ).result as { createPolicyResult: { policyId: string } }
  ).createPolicyResult.policyId;
const deletePolicy = (policyId: string) =>
  done(first, "delete_policy", "ACTIVITY_TYPE_DELETE_POLICY", { policyId });

beforeAll(async () => {
  first = await startTestApp({ env: ENV });
  second = process.env.DATABASE_URL ? await startTestApp({ env: ENV, shareDatabaseWith: first }) : first;
  const org = await first.newOrganization("Two instances");
  orgId = org.organizationId;
  rootUserId = org.userId;
  root = org.key;
  await done(first, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      {
        userName: "alice",
        apiKeys: [{ apiKeyName: "alice", publicKey: alice.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  const keys = await done(first, "create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", {
    userId: rootUserId,
    apiKeys: [{ apiKeyName: "spare", publicKey: spare.publicKey, curveType: "API_KEY_CURVE_P256" }],
  });
  spareKeyId = (keys.result as { createApiKeysResult: { apiKeyIds: string[] } }).createApiKeysResult
    .apiKeyIds[0]!;
}, 120_000);

afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});

describe("caches across two instances on one database", () => {
  it("a policy created, updated or deleted through one instance decides the next request on the other", async () => {
    await expectStatus(second, alice, 403); // no policy: implicitly denied
    const allow = await createPolicy("EFFECT_ALLOW");
    await expectStatus(second, alice, 200, "ACTIVITY_STATUS_COMPLETED");

    const deny = await createPolicy("EFFECT_DENY");
    const denied = await expectStatus(second, alice, 403);
    expect(denied.body.message).toContain(deny);
    await deletePolicy(deny);
    await expectStatus(second, alice, 200, "ACTIVITY_STATUS_COMPLETED");

    await done(first, "update_policy", "ACTIVITY_TYPE_UPDATE_POLICY_V2", {
      policyId: allow,
      policyEffect: "EFFECT_DENY",
    });
    expect((await expectStatus(second, alice, 403)).body.message).toContain(allow);
    await done(first, "update_policy", "ACTIVITY_TYPE_UPDATE_POLICY_V2", {
      policyId: allow,
      policyEffect: "EFFECT_ALLOW",
    });
    await expectStatus(second, alice, 200, "ACTIVITY_STATUS_COMPLETED");

    await deletePolicy(allow);
    await expectStatus(second, alice, 403);

    // A write by any other path (an operator's SQL, a tool) moves the version too: it is a trigger.
    const now = first.clock.now();
    await first.app.db.insert(policies).values({
      id: newId(now.getTime()),
      organizationId: orgId,
      name: "by hand",
      effect: "EFFECT_ALLOW",
      condition: TAGS,
      consensus: "",
      notes: "",
      createdAt: now,
      updatedAt: now,
    });
    await expectStatus(second, alice, 200, "ACTIVITY_STATUS_COMPLETED");
  }, 120_000);

  it("an IP allowlist set or removed through one instance governs the next request on the other", async () => {
    const whoami = (address: string) =>
      second.call("query", "whoami", { organizationId: orgId }, root, { "x-forwarded-for": address });
    expect((await whoami(ELSEWHERE)).status).toBe(200);
    await done(first, "set_ip_allowlist", "ACTIVITY_TYPE_SET_IP_ALLOWLIST", {
      rules: [{ cidr: "203.0.113.0/24" }],
    });
    const refused = await whoami(ELSEWHERE);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(ELSEWHERE);
    expect((await whoami(OFFICE)).status).toBe(200);
    await done(first, "remove_ip_allowlist", "ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST", {});
    expect((await whoami(ELSEWHERE)).status).toBe(200);
  }, 120_000);

  it("an MFA policy created or deleted through one instance holds (or stops holding) the next submission on the other", async () => {
    await expectStatus(second, root, 200, "ACTIVITY_STATUS_COMPLETED");
    const created = await done(first, "create_mfa_policy", "ACTIVITY_TYPE_CREATE_MFA_POLICY", {
      mfaPolicyName: "tags need the spare key",
      condition: TAGS,
      order: 0,
      userId: rootUserId,
      requiredAuthenticationMethods: [
        { any: [{ type: "AUTHENTICATION_TYPE_API_KEY" }] },
        { any: [{ type: "AUTHENTICATION_TYPE_API_KEY", id: spareKeyId }] },
      ],
    });
    await expectStatus(second, root, 200, "ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
    const { mfaPolicyId } = (created.result as { createMfaPolicyResult: { mfaPolicyId: string } })
      .createMfaPolicyResult;
    await done(first, "delete_mfa_policy", "ACTIVITY_TYPE_DELETE_MFA_POLICY", {
      userId: rootUserId,
      mfaPolicyId,
    });
    await expectStatus(second, root, 200, "ACTIVITY_STATUS_COMPLETED");
  }, 120_000);

  it("a smart contract interface created or deleted through one instance decides the next round on the other", async () => {
    const vault = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
    const abi = readFileSync(
      new URL("../../contracts/__tests__/fixtures/erc4626-vault.abi.json", import.meta.url),
      "utf8",
    );
    const wallet = await done(first, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "vault user",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    });
    const [address] = (wallet.result as { createWalletResult: { addresses: string[] } }).createWalletResult
      .addresses;
    // Only the decoded call (which needs the vault's ABI) says this is an approve.
    await done(first, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
      policyName: "approvals to the vault",
      effect: "EFFECT_ALLOW",
      condition: `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.function_name == 'approve'`,
      notes: "",
    });
    let nonce = 0;
    const sign = () =>
      submit(second, alice, "sign_transaction", "ACTIVITY_TYPE_SIGN_TRANSACTION_V2", {
        signWith: address,
        type: "TRANSACTION_TYPE_ETHEREUM",
        unsignedTransaction: serializeTransaction({
          type: "eip1559",
          chainId: 1,
          nonce: nonce++,
          to: vault,
          data: `0x095ea7b3${"00".repeat(12)}${"11".repeat(20)}${"00".repeat(31)}01`,
          maxFeePerGas: 1n,
          maxPriorityFeePerGas: 1n,
          gas: 100_000n,
        }),
      });
    expect((await sign()).status).toBe(403); // no ABI: the call cannot be read, nothing allows it
    const created = await done(
      first,
      "create_smart_contract_interface",
      "ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE",
      {
        smartContractAddress: vault,
        smartContractInterface: abi,
        type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
        label: "vault",
        notes: "",
      },
    );
    const signed = await sign();
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const { smartContractInterfaceId } = (
      created.result as { createSmartContractInterfaceResult: { smartContractInterfaceId: string } }
    ).createSmartContractInterfaceResult;
    await done(first, "delete_smart_contract_interface", "ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE", {
      smartContractInterfaceId,
    });
    expect((await sign()).status).toBe(403);
  }, 120_000);
});
