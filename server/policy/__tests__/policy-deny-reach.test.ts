import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * A deny policy must reach every activity it names, however the activity names its target: a
 * private key by address, several wallets at once, a typed payload through sign_raw_payloads, a
 * payload the policy engine cannot decode. Each case once let an activity through a deny that
 * should have stopped it (review of the policy engine). Also: a deny's consensus says whose
 * activities it denies; approvals of users deleted since do not count; votes close after 24 hours.
 */
interface Actor {
  userId: string;
  key: TestKey;
}

let t: TestApp;
let orgId: string;
let root: Actor;
const members: Actor[] = [];
let tagId: string;

// biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field below.
type Body = any;
const submit = (as: Actor, path: string, type: string, parameters: unknown) =>
  t.call<Body>("submit", path, t.activity(type, orgId, parameters), as.key);
const read = (as: Actor, path: string, request: Record<string, unknown>) =>
  t.call<Body>("query", path, { organizationId: orgId, ...request }, as.key);

async function done(as: Actor, path: string, type: string, parameters: unknown): Promise<Body> {
  const response = await submit(as, path, type, parameters);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return response.body.activity.result;
}

async function policy(policyName: string, effect: string, condition: string, consensus?: string) {
  const result = await done(root, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
    policyName,
    effect,
    notes: "",
    condition,
    ...(consensus ? { consensus } : {}),
  });
  return result.createPolicyResult.policyId as string;
}

/** Replace the organization's policies with these (thunks: each is created after the old are gone). */
async function withPolicies(...created: (() => Promise<string>)[]): Promise<string[]> {
  const { body } = await read(root, "list_policies", {});
  const old = body.policies.map((p: { policyId: string }) => p.policyId);
  if (old.length > 0) {
    await done(root, "delete_policies", "ACTIVITY_TYPE_DELETE_POLICIES", { policyIds: old });
  }
  const ids: string[] = [];
  for (const create of created) ids.push(await create());
  return ids;
}

async function ethereumWallet(walletName: string): Promise<{ walletId: string; address: string }> {
  const result = await done(root, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName,
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  return { walletId: result.createWalletResult.walletId, address: result.createWalletResult.addresses[0] };
}

const CONTRACT = "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC";
const DOMAIN_TYPES = [
  { name: "name", type: "string" },
  { name: "version", type: "string" },
  { name: "chainId", type: "uint256" },
  { name: "verifyingContract", type: "address" },
];
const permit = (value: string) =>
  `{"domain":{"name":"Token","version":"1","chainId":1,"verifyingContract":"${CONTRACT}"},` +
  `"types":{"EIP712Domain":${JSON.stringify(DOMAIN_TYPES)},"Permit":[{"name":"value","type":"uint256"}]},` +
  `"primaryType":"Permit","message":{"value":${value}}}`;

const signTyped = (as: Actor, signWith: string, payload: string) =>
  submit(as, "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
    signWith,
    payload,
    encoding: "PAYLOAD_ENCODING_EIP712",
    hashFunction: "HASH_FUNCTION_NO_OP",
  });

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Deny reach");
  orgId = org.organizationId;
  root = { userId: org.userId, key: org.key };
  const keys = [newApiKey(), newApiKey(), newApiKey()];
  const created = await done(root, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: ["alice", "bob", "carol"].map((userName, i) => ({
      userName,
      apiKeys: [{ apiKeyName: userName, publicKey: keys[i]!.publicKey, curveType: "API_KEY_CURVE_P256" }],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    })),
  });
  created.createUsersResult.userIds.forEach((userId: string, i: number) => {
    members.push({ userId, key: keys[i]! });
  });
  const tag = await done(root, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
    userTagName: "no-deletes",
    userIds: [members[1]!.userId],
  });
  tagId = tag.createUserTagResult.userTagId;
});
afterAll(async () => t?.close());

describe("deny policies reach every activity they name", () => {
  it("a private key named by its address is the same key as named by its id", async () => {
    const result = await done(root, "create_private_keys", "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", {
      privateKeys: [
        {
          privateKeyName: "cold",
          curve: "CURVE_SECP256K1",
          privateKeyTags: [],
          addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
        },
      ],
    });
    const cold = result.createPrivateKeysResultV2.privateKeys[0];
    const [, denyId] = await withPolicies(
      () => policy("alice signs", "EFFECT_ALLOW", "activity.action == 'SIGN'"),
      () => policy("never the cold key", "EFFECT_DENY", `private_key.id == '${cold.privateKeyId}'`),
    );
    for (const signWith of [cold.privateKeyId, cold.addresses[0].address]) {
      const response = await submit(members[0]!, "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
        signWith,
        payload: `0x${"ab".repeat(32)}`,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      });
      expect(response.status, signWith).toBe(403);
      expect(response.body.message).toContain(denyId);
    }
  });

  it("parameters a policy view cannot be made of are a 400 naming them, not a 500", async () => {
    await withPolicies(() => policy("Allow all", "EFFECT_ALLOW", "true"));
    // Well-formed hex, but mixed case that is no EIP-55 checksum: the view's transaction cannot hold it.
    const parameters = {
      wrapperAddress: "0x000AA0AAaA0aaaaaA00000aAa000A0AA0A0aaa0a",
      signWith: "0xAAaa0AAA0AaaAAaaaaaaA0AAA0aaA0AAaA000Aaa",
      chainCaip2: "eip155:1",
      amountValue: "MAX",
    };
    const response = await submit(members[0]!, "earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", parameters);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toMatch(/parameters .*cannot be read/);
    // A root user's request meets no policy round; reading its signer ahead must not fail it either.
    const asRoot = await submit(root, "earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", parameters);
    expect(asRoot.status, JSON.stringify(asRoot.body)).toBeGreaterThanOrEqual(400);
    expect(asRoot.status, JSON.stringify(asRoot.body)).toBeLessThan(500);
  });

  it("a refusal names every deny policy that applied", async () => {
    const { address } = await ethereumWallet("twice-denied");
    const ids = await withPolicies(
      () => policy("alice signs", "EFFECT_ALLOW", "activity.action == 'SIGN'"),
      () => policy("freeze signing", "EFFECT_DENY", "activity.action == 'SIGN'"),
      () => policy("not this account", "EFFECT_DENY", `wallet_account.address == '${address}'`),
    );
    const response = await submit(members[0]!, "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      signWith: address,
      payload: `0x${"cd".repeat(32)}`,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_NO_OP",
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toContain(`freeze signing (${ids[1]})`);
    expect(response.body.message).toContain(`not this account (${ids[2]})`);
    expect(response.body.message).not.toContain(ids[0]);
  });

  it("deleting several wallets: `wallets` lists them, and a deny on one of them stops the deletion", async () => {
    const keep = await ethereumWallet("keep-me");
    const scratch = await ethereumWallet("scratch");
    await withPolicies(
      () => policy("alice manages wallets", "EFFECT_ALLOW", "activity.resource == 'WALLET'"),
      () => policy("never delete keep-me", "EFFECT_DENY", `wallets.any(w, w.id == '${keep.walletId}')`),
    );
    const both = await submit(members[0]!, "delete_wallets", "ACTIVITY_TYPE_DELETE_WALLETS", {
      walletIds: [scratch.walletId, keep.walletId],
      deleteWithoutExport: true,
    });
    expect(both.status).toBe(403);
    expect(both.body.message).toContain("never delete keep-me");
    const { body } = await read(root, "get_wallet", { walletId: keep.walletId });
    expect(body.wallet.walletName).toBe("keep-me");
    // The deny names only keep-me: the other wallet alone may go.
    const alone = await submit(members[0]!, "delete_wallets", "ACTIVITY_TYPE_DELETE_WALLETS", {
      walletIds: [scratch.walletId],
      deleteWithoutExport: true,
    });
    expect(alone.body.activity?.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });

  it("an EIP-712 deny holds for sign_raw_payloads; several typed payloads in one request are refused", async () => {
    const { address } = await ethereumWallet("permits");
    const [, denyId] = await withPolicies(
      () => policy("alice signs", "EFFECT_ALLOW", "activity.action == 'SIGN'"),
      () =>
        policy(
          "no permits to this token",
          "EFFECT_DENY",
          `eth.eip_712.domain.verifying_contract == '${CONTRACT}'`,
        ),
    );
    const plural = (payloads: string[]) =>
      submit(members[0]!, "sign_raw_payloads", "ACTIVITY_TYPE_SIGN_RAW_PAYLOADS", {
        signWith: address,
        payloads,
        encoding: "PAYLOAD_ENCODING_EIP712",
        hashFunction: "HASH_FUNCTION_NO_OP",
      });
    const one = await plural([permit("1")]);
    expect(one.status).toBe(403);
    expect(one.body.message).toContain(denyId);
    const two = await plural([permit("1"), permit("2")]);
    expect(two.status).toBe(403);
    expect(two.body.message).toMatch(/cannot read what it signs .*sign each with sign_raw_payload/);
  });

  it("a typed payload the policy engine cannot decode is refused, not signed past the deny", async () => {
    const { address } = await ethereumWallet("lossy");
    await withPolicies(
      () => policy("alice signs", "EFFECT_ALLOW", "activity.action == 'SIGN'"),
      () =>
        policy(
          "no permits to this token",
          "EFFECT_DENY",
          `eth.eip_712.domain.verifying_contract == '${CONTRACT}'`,
        ),
    );
    // A JSON number above 2^53 cannot be read exactly: the policies could not judge the amount.
    const response = await signTyped(members[0]!, address, permit("100000000000000000000"));
    expect(response.status).toBe(403);
    expect(response.body.message).toContain("the policy engine cannot read what it signs");
    const { body } = await read(root, "list_activities", {
      filterByType: ["ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2"],
    });
    expect(
      body.activities.filter((a: Body) => a.status === "ACTIVITY_STATUS_COMPLETED" && a.intent),
    ).toHaveLength(0);
  });

  it("a deny's consensus says whose activities it denies", async () => {
    await withPolicies(
      () => policy("members manage wallets", "EFFECT_ALLOW", "activity.resource == 'WALLET'"),
      () =>
        policy(
          "tagged users may not delete",
          "EFFECT_DENY",
          "activity.action == 'DELETE'",
          `approvers.any(user, user.tags.contains('${tagId}'))`,
        ),
    );
    const first = await ethereumWallet("first");
    const second = await ethereumWallet("second");
    const byBob = await submit(members[1]!, "delete_wallets", "ACTIVITY_TYPE_DELETE_WALLETS", {
      walletIds: [first.walletId],
      deleteWithoutExport: true,
    });
    expect(byBob.status).toBe(403);
    expect(byBob.body.message).toContain("tagged users may not delete");
    const byAlice = await submit(members[0]!, "delete_wallets", "ACTIVITY_TYPE_DELETE_WALLETS", {
      walletIds: [second.walletId],
      deleteWithoutExport: true,
    });
    expect(byAlice.body.activity?.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });
});

describe("consensus counts live users within the voting window", () => {
  it("anyone whose approval would meet the consensus may give it", async () => {
    const [alice, , carol] = members;
    await withPolicies(() =>
      policy(
        "alice and one more",
        "EFFECT_ALLOW",
        "activity.resource == 'WALLET' && activity.action == 'CREATE'",
        `approvers.any(u, u.id == '${alice!.userId}') && approvers.count() >= 2`,
      ),
    );
    const pending = (
      await submit(alice!, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
        walletName: "pair",
        accounts: [],
      })
    ).body.activity;
    expect(pending.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const seen = (await read(carol!, "get_activity", { activityId: pending.id })).body.activity;
    expect([seen.canApprove, seen.canReject]).toEqual([true, true]);
    const approved = await submit(carol!, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", {
      fingerprint: pending.fingerprint,
    });
    expect(approved.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });

  it("`credentials` are the ones the approvals were signed with", async () => {
    await withPolicies(() =>
      policy(
        "wallets by passkey only",
        "EFFECT_ALLOW",
        "activity.resource == 'WALLET' && activity.action == 'CREATE'",
        "credentials.all(c, c.type == 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR')",
      ),
    );
    const byApiKey = await submit(members[0]!, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "by api key",
      accounts: [],
    });
    // An API key's approval is not a passkey's: the consensus is not met.
    expect(byApiKey.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");

    await withPolicies(() =>
      policy(
        "wallets by alice's own API key",
        "EFFECT_ALLOW",
        "activity.resource == 'WALLET' && activity.action == 'CREATE'",
        `credentials.any(c, c.type == 'CREDENTIAL_TYPE_API_KEY_P256' && c.user_id == '${members[0]!.userId}' && c.public_key == '${members[0]!.key.publicKey}')`,
      ),
    );
    const again = await submit(members[0]!, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "by api key, allowed",
      accounts: [],
    });
    expect(again.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });

  it("an approval by a user deleted since does not count", async () => {
    await withPolicies(() =>
      policy(
        "three approve wallets",
        "EFFECT_ALLOW",
        "activity.resource == 'WALLET'",
        "approvers.count() >= 3",
      ),
    );
    const [alice, bob, carol] = members;
    const pending = (
      await submit(alice!, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", { walletName: "w3", accounts: [] })
    ).body.activity;
    expect(pending.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const byBob = await submit(bob!, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", {
      fingerprint: pending.fingerprint,
    });
    expect(byBob.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    await done(root, "delete_users", "ACTIVITY_TYPE_DELETE_USERS", { userIds: [bob!.userId] });
    const byCarol = await submit(carol!, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", {
      fingerprint: pending.fingerprint,
    });
    // alice and carol are two live approvers: three are needed.
    expect(byCarol.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  });

  it("after 24 hours nobody is offered a vote", async () => {
    const [alice, , carol] = members;
    const pending = (
      await submit(alice!, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", { walletName: "w4", accounts: [] })
    ).body.activity;
    const before = (await read(carol!, "get_activity", { activityId: pending.id })).body.activity;
    expect([before.canApprove, before.canReject]).toEqual([true, true]);
    t.clock.advance(24 * 3600 * 1000 + 1_000);
    for (const viewer of [carol!, root]) {
      const after = (await read(viewer, "get_activity", { activityId: pending.id })).body.activity;
      expect([after.canApprove, after.canReject]).toEqual([false, false]);
    }
  });
});
