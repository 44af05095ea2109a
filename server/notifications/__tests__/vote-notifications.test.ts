import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * alice and bob are the root quorum (2 of 2), carol a plain member. What alice asks for waits for
 * bob: he alone is told, with the summary and nothing that is signed; he can read and mute them.
 */

interface NotificationList {
  notifications: { notificationId: string; activityId: string; summary: string; read: boolean }[];
  unreadCount: number;
  voteNeeded: boolean;
}

let t: TestApp;
let orgId: string;
let alice: TestKey;
const bob = newApiKey();
const carol = newApiKey();

const submit = (by: TestKey, path: string, type: string, parameters: unknown) =>
  t.call<{ activity: { id: string; status: string; result: Record<string, Record<string, unknown>> } }>(
    "submit",
    path,
    t.activity(type, orgId, parameters),
    by,
  );
const inbox = async (by: TestKey) =>
  (await t.call<NotificationList>("query", "list_notifications", { organizationId: orgId }, by)).body;
const user = (userName: string, key: TestKey) => ({
  userName,
  apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});
const rename = (name: string) =>
  submit(alice, "update_organization_name", "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", {
    organizationName: name,
  });

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Notified");
  orgId = org.organizationId;
  alice = org.key;
  const created = await submit(alice, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [user("bob", bob), user("carol", carol)],
  });
  const [bobId] = created.body.activity.result.createUsersResult!.userIds as string[];
  await submit(alice, "update_root_quorum", "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM", {
    threshold: 2,
    userIds: [org.userId, bobId],
  });
});
afterAll(() => t?.close());

describe("vote notifications", () => {
  it("tell the other root, once, with the summary; not the requester, not a non-voter", async () => {
    const pending = await rename("Notified Holdings");
    expect(pending.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const bobs = await inbox(bob);
    expect(bobs.unreadCount).toBe(1);
    expect(bobs.notifications).toEqual([
      expect.objectContaining({
        activityId: pending.body.activity.id,
        summary: "Rename the organization to Notified Holdings",
        read: false,
      }),
    ]);
    expect((await inbox(alice)).notifications).toEqual([]);
    expect((await inbox(carol)).notifications).toEqual([]);
  });

  it("carry the summary of a signature, never the payload", async () => {
    await submit(bob, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Vault",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    });
    // bob's wallet needs alice: she is told.
    expect((await inbox(alice)).notifications[0]?.summary).toBe("Create wallet Vault with 1 account");
    const payload = "0x5ec7e75ec7e7";
    const signing = await submit(alice, "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      // Any address: the request only has to wait for bob; it never runs here.
      signWith: `0x${"00".repeat(20)}`,
      payload,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_NO_OP",
    });
    const told = (await inbox(bob)).notifications.find((n) => n.activityId === signing.body.activity.id);
    expect(told?.summary).toMatch(/^Sign 6 bytes of raw data with /);
    expect(JSON.stringify(told)).not.toContain(payload.slice(2));
  });

  it("are marked read and turned off by their user alone, without anyone's approval", async () => {
    const off = await submit(bob, "update_notifications", "ACTIVITY_TYPE_UPDATE_NOTIFICATIONS", {
      voteNeeded: false,
      readAll: true,
    });
    expect(off.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(off.body.activity.result.updateNotificationsResult).toEqual({
      voteNeeded: false,
      voteNeededEmail: true,
      markedRead: 2,
    });
    const before = await inbox(bob);
    expect(before).toMatchObject({ unreadCount: 0, voteNeeded: false });

    await rename("Quiet Holdings");
    expect((await inbox(bob)).notifications).toHaveLength(before.notifications.length);
  });

  it("refuse settings they do not know, writing nothing", async () => {
    const res = await t.call<{ message: string }>(
      "submit",
      "update_notifications",
      t.activity("ACTIVITY_TYPE_UPDATE_NOTIFICATIONS", orgId, { voteNeeded: true, email: "x@y" }),
      carol,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/email/);
    expect((await inbox(carol)).voteNeeded).toBe(true);
  });
});
