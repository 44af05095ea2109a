import { p256 } from "@noble/curves/nist.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { describeActivities, readableType } from "../describe";
import { activityRegistry } from "../index";
import { type SampleScene, SEND_QUARTER_ETH, sampleIntents } from "./summary-samples";

/**
 * Every registered activity renders a specific one-line summary from a sample intent, with the
 * organization's real names: a new activity without a meaningful `describe` fails here.
 */

let t: TestApp;
let orgId: string;
let root: TestKey;
let scene: SampleScene;

async function submit(path: string, type: string, parameters: unknown): Promise<Record<string, unknown>> {
  const res = await t.call<{ activity: { status: string; result: Record<string, Record<string, unknown>> } }>(
    "submit",
    path,
    t.activity(type, orgId, parameters),
    root,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return Object.values(res.body.activity.result)[0]!;
}

const user = (userName: string) => ({
  userName,
  apiKeys: [{ apiKeyName: userName, publicKey: newApiKey().publicKey, curveType: "API_KEY_CURVE_P256" }],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId: orgId, key: root } = await t.newOrganization("Summaries"));
  const users = await submit("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [user("bob"), user("carol")],
  });
  const [bob, carol] = users.userIds as string[];
  const wallet = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName: "Ops",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  const keys = await submit("create_private_keys", "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", {
    privateKeys: [
      {
        privateKeyName: "signer-key",
        curve: "CURVE_SECP256K1",
        privateKeyTags: [],
        addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
      },
    ],
  });
  const policy = await submit("create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
    policyName: "Limit",
    effect: "EFFECT_ALLOW",
    condition: "activity.action == 'SIGN'",
    consensus: "approvers.count() >= 1",
    notes: "",
  });
  const tag = await submit("create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
    userTagName: "ops-tag",
    userIds: [],
  });
  const contract = await submit(
    "create_smart_contract_interface",
    "ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE",
    {
      smartContractAddress: `0x${"cd".repeat(20)}`,
      smartContractInterface: JSON.stringify([
        { type: "function", name: "ping", inputs: [], outputs: [], stateMutability: "nonpayable" },
      ]),
      type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
      label: "Token ABI",
    },
  );
  const signer = privateKeyToAccount(`0x${"42".repeat(32)}`);
  scene = {
    bob: bob!,
    carol: carol!,
    walletId: wallet.walletId as string,
    accountAddress: (wallet.addresses as string[])[0]!,
    privateKeyId: (keys.privateKeys as { privateKeyId: string }[])[0]!.privateKeyId,
    policyId: policy.policyId as string,
    tagId: tag.userTagId as string,
    contractId: contract.smartContractInterfaceId as string,
    publicKey: newApiKey().publicKey,
    targetKey: bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), false)),
    accountId: await firstAccountId(wallet.walletId as string),
    signedTransaction: await signer.signTransaction(
      (await import("viem")).parseTransaction(SEND_QUARTER_ETH) as never,
    ),
  };
});

async function firstAccountId(walletId: string): Promise<string> {
  const res = await t.call<{ accounts: { walletAccountId: string }[] }>(
    "query",
    "list_wallet_accounts",
    { organizationId: orgId, walletId },
    root,
  );
  return res.body.accounts[0]!.walletAccountId;
}

afterAll(() => t?.close());

describe("every activity's summary", () => {
  it("has a sample intent, valid for its parameters, for every registered path", () => {
    const samples = sampleIntents(scene);
    expect(Object.keys(samples).sort()).toEqual(Object.keys(activityRegistry).sort());
    const invalid = Object.entries(samples).flatMap(([path, { intent }]) => {
      const parsed = activityRegistry[path]!.params.safeParse(intent);
      return parsed.success ? [] : [`${path}: ${JSON.stringify(parsed.error.issues)}`];
    });
    expect(invalid).toEqual([]);
  });

  it("renders a specific line from the intent and the organization's names", async () => {
    const samples = Object.entries(sampleIntents(scene));
    const rows = samples.map(([path, { intent }], i) => ({
      id: `sample-${i}`,
      type: activityRegistry[path]!.type,
      intent,
    }));
    const described = await describeActivities(t.app.db, orgId, rows, t.app.config.usdPrices);
    const wrong = described.flatMap((d, i) => {
      const [path, { says }] = samples[i]!;
      const specific = d.summary !== readableType(rows[i]!.type) && !/undefined|\[object|NaN/.test(d.summary);
      return specific && d.summary.includes(says) ? [] : [`${path}: "${d.summary}" should say "${says}"`];
    });
    expect(wrong).toEqual([]);
  });

  it("names the whole root quorum update the way an approver reads it", async () => {
    const [d] = await describeActivities(
      t.app.db,
      orgId,
      [
        {
          id: "q",
          type: activityRegistry.update_root_quorum!.type,
          intent: { threshold: 2, userIds: [scene.bob, scene.carol] },
        },
      ],
      t.app.config.usdPrices,
    );
    expect(d!.summary).toBe("Update root quorum to 2 of bob and carol");
  });
});
