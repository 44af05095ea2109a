import { p256 } from "@noble/curves/nist.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * Authority that should have ended: a root user's stamp that votes publish (the compatible API's
 * vote shape carries the signed body and signature) replayed as a read; a pending activity of a
 * user deleted since; an older activity type the server still accepts used to sidestep a policy
 * written for the current one.
 */
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };

// biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field below.
type Body = any;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Stale authority");
});
afterAll(async () => t?.close());

async function done(path: string, type: string, params: unknown, key: TestKey = org.key) {
  const response = await t.call<Body>("submit", path, t.activity(type, org.organizationId, params), key);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.activity;
}

const newUser = (userName: string, key?: TestKey) => ({
  users: [
    {
      userName,
      apiKeys: key ? [{ apiKeyName: "k", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }] : [],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    },
  ],
});

describe("authority that should have ended", () => {
  it("a root user's published vote stamp cannot be replayed as a query", async () => {
    const memberKey = newApiKey();
    await done("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", newUser("contractor", memberKey));
    const list = await t.call<Body>(
      "query",
      "list_activities",
      { organizationId: org.organizationId },
      memberKey,
    );
    const rootVote = list.body.activities
      .flatMap((activity: Body) => activity.votes)
      .find((vote: Body) => vote.userId === org.userId && vote.scheme === "SIGNATURE_SCHEME_TK_API_P256");
    expect(rootVote).toBeTruthy();
    const stamp = Buffer.from(
      JSON.stringify({
        publicKey: rootVote.publicKey,
        scheme: rootVote.scheme,
        signature: rootVote.signature,
      }),
    ).toString("base64url");
    for (const path of ["whoami", "list_users", "list_wallets", "get_organization"]) {
      const replayed = await t.call<Body>("query", path, rootVote.message, { headers: { "X-Stamp": stamp } });
      expect(replayed.status, path).toBe(400);
      expect(replayed.body.message).toMatch(/is not a field of a query/);
    }
  });

  it("an approval does not run the pending export of a user deleted since", async () => {
    const wallet = await done("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "treasury",
      accounts: [],
    });
    const leaverKey = newApiKey();
    const users = await done("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", newUser("leaver", leaverKey));
    const leaver = users.result.createUsersResult.userIds[0];
    await done("create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
      policyName: "exports need a second approval",
      effect: "EFFECT_ALLOW",
      condition: "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET'",
      consensus: "approvers.count() >= 2",
      notes: "",
    });
    const target = newApiKey();
    const targetPublicKey = Buffer.from(p256.Point.fromHex(target.publicKey).toBytes(false)).toString("hex");
    const pending = await done(
      "export_wallet",
      "ACTIVITY_TYPE_EXPORT_WALLET",
      { walletId: wallet.result.createWalletResult.walletId, targetPublicKey },
      leaverKey,
    );
    expect(pending.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    await done("delete_users", "ACTIVITY_TYPE_DELETE_USERS", { userIds: [leaver] });
    const approved = await done("approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", {
      fingerprint: pending.fingerprint,
    });
    expect(approved.status).toBe("ACTIVITY_STATUS_FAILED");
    expect(approved.failure.message).toMatch(/has been deleted since/);
    expect(approved.result).toEqual({});
  });

  it("a deny written for CREATE_USERS_V4 also stops CREATE_USERS_V3", async () => {
    const helpdeskKey = newApiKey();
    const made = await done(
      "create_users",
      "ACTIVITY_TYPE_CREATE_USERS_V4",
      newUser("helpdesk", helpdeskKey),
    );
    const helpdesk = made.result.createUsersResult.userIds[0];
    await done("create_policies", "ACTIVITY_TYPE_CREATE_POLICIES", {
      policies: [
        {
          policyName: "helpdesk manages users",
          effect: "EFFECT_ALLOW",
          condition: "activity.resource == 'USER'",
          consensus: `approvers.any(u, u.id == '${helpdesk}')`,
          notes: "",
        },
        {
          policyName: "but never creates them",
          effect: "EFFECT_DENY",
          condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USERS_V4'",
          notes: "",
        },
      ],
    });
    for (const type of ["ACTIVITY_TYPE_CREATE_USERS_V4", "ACTIVITY_TYPE_CREATE_USERS_V3"]) {
      const refused = await t.call<Body>(
        "submit",
        "create_users",
        t.activity(type, org.organizationId, newUser(`by ${type}`)),
        helpdeskKey,
      );
      expect(refused.status, type).toBe(403);
      expect(refused.body.message).toContain("but never creates them");
    }
  });
});
