import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, emailSinkMessages } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../../mail/delivery-job";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * alice, bob, carol and dave are the root quorum, 3 of 4. bob and carol have addresses, dave has
 * none, and carol turned vote e-mails off: what alice asks for is mailed to bob alone, once, through
 * the embedded SMTP sink, with its summary and link and nothing that is signed.
 */

let t: TestApp;
let orgId: string;
let alice: TestKey;
const bob = newApiKey();
const carol = newApiKey();
const dave = newApiKey();

interface Activity {
  id: string;
  status: string;
}
const submit = (by: TestKey, path: string, type: string, parameters: unknown) =>
  t.call<{ activity: Activity & { result: Record<string, Record<string, unknown>> } }>(
    "submit",
    path,
    t.activity(type, orgId, parameters),
    by,
  );
const user = (userName: string, key: TestKey, userEmail?: string) => ({
  userName,
  ...(userEmail ? { userEmail } : {}),
  apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});
/** Deliver what is queued, then read the sink's mailbox. */
async function delivered() {
  await runDueJobs(t.app, MAIL_JOB_HANDLERS);
  return t.app.db.select().from(emailSinkMessages);
}
const voteMails = async (activityId: string) =>
  (await delivered()).filter((m) => m.text.includes(`/activities/${activityId}`));

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Mailed Holdings");
  orgId = org.organizationId;
  alice = org.key;
  const created = await submit(alice, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      user("bob", bob, "Bob@Example.com"),
      user("carol", carol, "carol@example.com"),
      user("dave", dave),
    ],
  });
  const ids = created.body.activity.result.createUsersResult!.userIds as string[];
  const off = await submit(carol, "update_notifications", "ACTIVITY_TYPE_UPDATE_NOTIFICATIONS", {
    voteNeededEmail: false,
  });
  expect(off.body.activity.result.updateNotificationsResult).toEqual({
    voteNeeded: true,
    voteNeededEmail: false,
    markedRead: 0,
  });
  await submit(alice, "update_root_quorum", "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM", {
    threshold: 3,
    userIds: [org.userId, ...ids],
  });
});
afterAll(() => t?.close());

describe("vote e-mails", () => {
  it("mail each eligible voter with an address once, with the summary and the activity's link", async () => {
    const pending = await submit(
      alice,
      "update_organization_name",
      "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
      {
        organizationName: "Mailed Holdings II",
      },
    );
    const { id } = pending.body.activity;
    expect(pending.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const mails = await voteMails(id);
    expect(mails.map((m) => m.envelopeTo)).toEqual([["bob@example.com"]]);
    const [mail] = mails;
    expect(mail!.subject).toBe("Latchkey: your vote is needed in Mailed Holdings");
    expect(mail!.text).toContain("Rename the organization to Mailed Holdings II");
    expect(mail!.text).toContain(`${t.app.config.origins[0]}/activities/${id}`);
    expect(mail!.html).toContain(`href="${t.app.config.origins[0]}/activities/${id}"`);

    // dave's approval leaves it waiting (2 of 3): the new round mails nobody again.
    const voted = await t.call<{ activity: Activity }>(
      "submit",
      "approve_activity",
      t.activity("ACTIVITY_TYPE_APPROVE_ACTIVITY", orgId, { fingerprint: await fingerprintOf(id) }),
      dave,
    );
    expect(voted.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    expect(await voteMails(id)).toHaveLength(1);
  });

  it("carry no signing material: the summary of a signature, never its payload or a key", async () => {
    const payload = "0x5ec7e75ec7e7c0ffee";
    const signing = await submit(alice, "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      signWith: `0x${"00".repeat(20)}`,
      payload,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_NO_OP",
    });
    const [mail] = await voteMails(signing.body.activity.id);
    expect(mail!.text).toMatch(/Sign 9 bytes of raw data with /);
    const whole = JSON.stringify(mail);
    expect(whole).not.toContain(payload.slice(2));
    for (const key of [alice, bob, carol, dave]) expect(whole).not.toContain(key.publicKey);
    expect(whole.toLowerCase()).not.toContain("bundle");
  });

  it("are listed in the Outbox with their purpose, and stop when the user turns them off", async () => {
    const queued = await t.app.db.select().from(emailMessages);
    expect(queued.every((m) => m.purpose === "VOTE_NEEDED" && m.status === "SENT")).toBe(true);
    await submit(bob, "update_notifications", "ACTIVITY_TYPE_UPDATE_NOTIFICATIONS", {
      voteNeededEmail: false,
    });
    const list = await t.call<{ voteNeeded: boolean; voteNeededEmail: boolean; unreadCount: number }>(
      "query",
      "list_notifications",
      { organizationId: orgId },
      bob,
    );
    expect(list.body).toMatchObject({ voteNeeded: true, voteNeededEmail: false, unreadCount: 2 });
    const quiet = await submit(alice, "update_organization_name", "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", {
      organizationName: "Quiet Holdings",
    });
    expect(await voteMails(quiet.body.activity.id)).toEqual([]);
    // The dashboard still lists it for bob.
    const after = await t.call<{ unreadCount: number }>(
      "query",
      "list_notifications",
      { organizationId: orgId },
      bob,
    );
    expect(after.body.unreadCount).toBe(3);
  });
});

async function fingerprintOf(activityId: string): Promise<string> {
  const got = await t.call<{ activity: { fingerprint: string } }>(
    "query",
    "get_activity",
    { organizationId: orgId, activityId },
    alice,
  );
  return got.body.activity.fingerprint;
}
