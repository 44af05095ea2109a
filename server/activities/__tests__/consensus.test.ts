import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { toTimestamp } from "@/lib/api/common";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * Root quorum of 2 out of 3 root users: submissions wait for a second root, an approval executes,
 * a rejection ends it, and votes are recorded once each, by root users only.
 */

type ActivityBody = { activity: TActivity };
interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string }[];
}

let t: TestApp;
let orgId: string;
const roots: { userId: string; key: TestKey }[] = [];
let member: { userId: string; key: TestKey };

const newUser = (userName: string, key: TestKey) => ({
  userName,
  apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});

function submit<T = ActivityBody>(by: TestKey, path: string, type: string, parameters: unknown) {
  return t.call<T>("submit", path, t.activity(type, orgId, parameters), by);
}

const vote = <T = ActivityBody>(by: TestKey, approve: boolean, fingerprint: string) =>
  approve
    ? submit<T>(by, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", { fingerprint })
    : submit<T>(by, "reject_activity", "ACTIVITY_TYPE_REJECT_ACTIVITY", { fingerprint });

async function organizationName(): Promise<string> {
  const me = await t.call<{ organizationName: string }>(
    "query",
    "whoami",
    { organizationId: orgId },
    roots[0]!.key,
  );
  return me.body.organizationName;
}

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Quorum");
  orgId = org.organizationId;
  roots.push({ userId: org.userId, key: org.key });
  const keys = [newApiKey(), newApiKey(), newApiKey()];
  const created = await submit(org.key, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [newUser("root-2", keys[0]!), newUser("root-3", keys[1]!), newUser("member", keys[2]!)],
  });
  const userIds = (created.body.activity.result.createUsersResult as { userIds: string[] }).userIds;
  roots.push({ userId: userIds[0]!, key: keys[0]! }, { userId: userIds[1]!, key: keys[1]! });
  member = { userId: userIds[2]!, key: keys[2]! };
  const quorum = await submit(org.key, "update_root_quorum", "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM", {
    threshold: 2,
    userIds: roots.map((r) => r.userId),
  });
  expect(quorum.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
});
afterAll(async () => t?.close());

describe("root quorum consensus", () => {
  it("a root's submission needs a second root; the approval executes it and records both votes", async () => {
    const before = await organizationName();
    const submitted = await submit(
      roots[0]!.key,
      "update_organization_name",
      "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
      {
        organizationName: "Agreed by two",
      },
    );
    expect(submitted.status).toBe(200);
    const pending = submitted.body.activity;
    expect(pending).toMatchObject({
      status: "ACTIVITY_STATUS_CONSENSUS_NEEDED",
      result: {},
      canApprove: false, // the submitter's submission is their approval
      canReject: false,
    });
    expect(pending.votes.map((v) => [v.userId, v.selection])).toEqual([
      [roots[0]!.userId, "VOTE_SELECTION_APPROVED"],
    ]);
    expect(await organizationName()).toBe(before);

    const seen = await t.call<ActivityBody>(
      "query",
      "get_activity",
      { organizationId: orgId, activityId: pending.id },
      roots[1]!.key,
    );
    expect(seen.body.activity).toMatchObject({ canApprove: true, canReject: true });

    t.clock.advance(1_000);
    const approval = t.activity("ACTIVITY_TYPE_APPROVE_ACTIVITY", orgId, {
      fingerprint: pending.fingerprint,
    });
    const approved = await t.call<ActivityBody>("submit", "approve_activity", approval, roots[1]!.key);
    expect(approved.status).toBe(200);
    expect(approved.body.activity).toMatchObject({
      id: pending.id,
      status: "ACTIVITY_STATUS_COMPLETED",
      result: { updateOrganizationNameResult: { organizationId: orgId, organizationName: "Agreed by two" } },
    });
    const [first, second] = approved.body.activity.votes;
    expect(first).toMatchObject({ userId: roots[0]!.userId, createdAt: pending.createdAt });
    expect(second).toMatchObject({
      userId: roots[1]!.userId,
      user: { userId: roots[1]!.userId, userName: "root-2" },
      activityId: pending.id,
      selection: "VOTE_SELECTION_APPROVED",
      message: JSON.stringify(approval),
      publicKey: roots[1]!.key.publicKey,
      scheme: "SIGNATURE_SCHEME_TK_API_P256",
      createdAt: toTimestamp(t.clock.now()),
    });
    expect(second?.signature).toMatch(/^30[0-9a-f]+$/); // the DER signature of the stamp
    expect(await organizationName()).toBe("Agreed by two");
  });

  it("one rejection rejects the activity and nothing of it happens", async () => {
    const pending = await submit(roots[0]!.key, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
      users: [newUser("never-created", newApiKey())],
    });
    expect(pending.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const rejected = await vote(roots[2]!.key, false, pending.body.activity.fingerprint);
    expect(rejected.status).toBe(200);
    expect(rejected.body.activity).toMatchObject({ status: "ACTIVITY_STATUS_REJECTED", result: {} });
    expect(rejected.body.activity.votes.map((v) => [v.userId, v.selection])).toEqual([
      [roots[0]!.userId, "VOTE_SELECTION_APPROVED"],
      [roots[2]!.userId, "VOTE_SELECTION_REJECTED"],
    ]);
    const users = await t.call<{ users: { userName: string }[] }>(
      "query",
      "list_users",
      { organizationId: orgId },
      roots[0]!.key,
    );
    expect(users.body.users.map((u) => u.userName)).not.toContain("never-created");

    // A rejected activity takes no more votes.
    const late = await vote<ErrorBody>(roots[1]!.key, true, pending.body.activity.fingerprint);
    expect(late.status).toBe(400);
    expect(late.body.details[0]?.turnkeyErrorCode).toBe("ACTIVITY_NOT_PENDING");
  });

  it("refuses a second vote by the same user (409), a vote on a completed activity (400), and a non-root's vote (403)", async () => {
    const pending = await submit(
      roots[0]!.key,
      "update_organization_name",
      "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
      {
        organizationName: "Voted on",
      },
    );
    const { fingerprint } = pending.body.activity;
    const before = await databaseDigest(t.app);

    const twice = await vote<ErrorBody>(roots[0]!.key, true, fingerprint);
    expect(twice.status).toBe(409);
    expect(twice.body.details[0]?.turnkeyErrorCode).toBe("VOTE_EXISTS");
    expect(twice.body.message).toContain(`user ${roots[0]!.userId} already voted`);

    const outsider = await vote<ErrorBody>(member.key, true, fingerprint);
    expect(outsider.status).toBe(403);
    expect(outsider.body.details[0]?.turnkeyErrorCode).toBe("VOTE_NOT_ALLOWED");
    expect(outsider.body.message).toContain("is neither in the root quorum");
    const outsiderRejects = await vote<ErrorBody>(member.key, false, fingerprint);
    expect(outsiderRejects.status).toBe(403);
    expect(await databaseDigest(t.app)).toEqual(before);

    const approval = t.activity("ACTIVITY_TYPE_APPROVE_ACTIVITY", orgId, { fingerprint });
    const approved = await t.call<ActivityBody>("submit", "approve_activity", approval, roots[1]!.key);
    expect(approved.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    // The very same signed approval again is answered, not counted again.
    const resent = await t.call<ActivityBody>("submit", "approve_activity", approval, roots[1]!.key);
    expect(resent.status).toBe(200);
    expect(resent.body.activity.votes).toHaveLength(2);
    const changedMind = await vote<ErrorBody>(roots[1]!.key, false, fingerprint);
    expect(changedMind.status).toBe(409);

    const third = await vote<ErrorBody>(roots[2]!.key, true, fingerprint);
    expect(third.status).toBe(400);
    expect(third.body.details[0]?.turnkeyErrorCode).toBe("ACTIVITY_NOT_PENDING");
    expect(third.body.message).toMatch(
      /is ACTIVITY_STATUS_COMPLETED; only activities awaiting consensus take votes/,
    );
  });

  it("votes arriving at once are counted once: one completion, one set of effects", async () => {
    const pending = await submit(roots[0]!.key, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
      users: [newUser("raced", newApiKey())],
    });
    const { fingerprint } = pending.body.activity;
    const approval = t.activity("ACTIVITY_TYPE_APPROVE_ACTIVITY", orgId, { fingerprint });
    const answers = await Promise.all([
      // The same signed approval four times and four freshly signed ones from root 2; root 3 at once.
      ...Array.from({ length: 4 }, () =>
        t.call<ErrorBody>("submit", "approve_activity", approval, roots[1]!.key),
      ),
      ...Array.from({ length: 4 }, () => vote<ErrorBody>(roots[1]!.key, true, fingerprint)),
      vote<ErrorBody>(roots[2]!.key, true, fingerprint),
    ]);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    const done = await t.call<ActivityBody>(
      "query",
      "get_activity",
      { organizationId: orgId, activityId: pending.body.activity.id },
      roots[0]!.key,
    );
    expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    // The submitter's vote and the one that completed it; every other vote was refused.
    expect(done.body.activity.votes).toHaveLength(2);
    const users = await t.call<{ users: { userName: string }[] }>(
      "query",
      "list_users",
      { organizationId: orgId },
      roots[0]!.key,
    );
    expect(users.body.users.filter((u) => u.userName === "raced")).toHaveLength(1);
  });

  it("users without credentials, created when a vote completes the consensus, exist with what was asked", async () => {
    // At submission such users ride in the audit append's statement; a vote executes the activity
    // in a savepoint of its own, where they are inserted at once (ActivityContext.endsWithAppend).
    const bare = {
      userName: "approved-bare",
      userEmail: "bare@example.com",
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    };
    const pending = await submit(roots[0]!.key, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
      users: [bare, { ...bare, userName: "approved-bare-2", userEmail: undefined }],
    });
    expect(pending.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const approved = await vote(roots[1]!.key, true, pending.body.activity.fingerprint);
    expect(approved.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const { userIds } = approved.body.activity.result.createUsersResult as { userIds: string[] };
    expect(userIds).toHaveLength(2);
    const read = await Promise.all(
      userIds.map((userId) =>
        t.call<{ user: { userName: string; userEmail?: string } }>(
          "query",
          "get_user",
          { organizationId: orgId, userId },
          roots[0]!.key,
        ),
      ),
    );
    expect(read.map((r) => [r.status, r.body.user.userName, r.body.user.userEmail ?? null])).toEqual([
      [200, "approved-bare", "bare@example.com"],
      [200, "approved-bare-2", null],
    ]);
  });

  it("a vote names an activity of the caller's organization; others are not found", async () => {
    const unknown = await vote<ErrorBody>(roots[1]!.key, true, `sha256:${"0".repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.details[0]?.turnkeyErrorCode).toBe("ACTIVITY_NOT_FOUND");

    const elsewhere = await t.newOrganization("Elsewhere");
    const theirs = await t.call<ActivityBody>(
      "submit",
      "update_organization_name",
      t.activity("ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", elsewhere.organizationId, {
        organizationName: "X",
      }),
      elsewhere.key,
    );
    const foreign = await vote<ErrorBody>(roots[1]!.key, false, theirs.body.activity.fingerprint);
    expect(foreign.status).toBe(404);
  });

  it("a non-root's submission is denied outright, and recorded as FAILED", async () => {
    const denied = await submit<ErrorBody>(
      member.key,
      "update_organization_name",
      "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
      {
        organizationName: "Member's choice",
      },
    );
    expect(denied.status).toBe(403);
    expect(denied.body.details[0]?.turnkeyErrorCode).toBe("POLICY_DENIED");
    const failed = await t.call<{ activities: TActivity[] }>(
      "query",
      "list_activities",
      { organizationId: orgId, filterByStatus: ["ACTIVITY_STATUS_FAILED"] },
      roots[0]!.key,
    );
    expect(failed.body.activities.map((a) => a.intent)).toContainEqual({
      updateOrganizationNameIntent: { organizationName: "Member's choice" },
    });
  });

  it("effects that fail at approval fail the activity with the reason, keeping the votes", async () => {
    const ghost = "00000000-0000-7000-8000-00000000dead";
    const pending = await submit(roots[0]!.key, "update_user_name", "ACTIVITY_TYPE_UPDATE_USER_NAME", {
      userId: ghost,
      userName: "nobody",
    });
    expect(pending.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const approved = await vote(roots[1]!.key, true, pending.body.activity.fingerprint);
    expect(approved.status).toBe(200);
    expect(approved.body.activity.status).toBe("ACTIVITY_STATUS_FAILED");
    expect(approved.body.activity.failure?.message).toContain(`user not found: ${ghost}`);
    expect(approved.body.activity.votes).toHaveLength(2);
  });

  it("an activity not agreed within 24 hours expires on the next vote", async () => {
    const pending = await submit(
      roots[0]!.key,
      "update_organization_name",
      "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME",
      {
        organizationName: "Too late",
      },
    );
    t.clock.advance(24 * 3600 * 1000 + 1_000);
    const late = await vote(roots[1]!.key, true, pending.body.activity.fingerprint);
    expect(late.status).toBe(200);
    expect(late.body.activity.status).toBe("ACTIVITY_STATUS_FAILED");
    expect(late.body.activity.failure?.message).toMatch(/consensus was not reached within 24 hours/);
    expect(late.body.activity.votes).toHaveLength(1);
    expect(await organizationName()).not.toBe("Too late");
  });
});
