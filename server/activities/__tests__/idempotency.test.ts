import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityFingerprint } from "../../activities/fingerprint";
import { newApiKey, startTestApp, type TestApp } from "../../testing/harness";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function activityRows(fingerprint: string): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from activities where fingerprint = ${fingerprint}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe("idempotency", () => {
  it("the same signed request sent twice in a row yields one activity and one user", async () => {
    const org = await t.newOrganization();
    const body = JSON.stringify(
      t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
        users: [{ userName: "twice", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
      }),
    );
    type Answer = { activity: { id: string; fingerprint: string; result: unknown } };
    const first = await t.call<Answer>("submit", "create_users", body, org.key);
    // Re-stamped (a new signature over the same bytes) is still the same request.
    const second = await t.call<Answer>("submit", "create_users", body, org.key);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.activity.id).toBe(first.body.activity.id);
    expect(second.body.activity.result).toEqual(first.body.activity.result);
    expect(await activityRows(first.body.activity.fingerprint)).toBe(1);
    const users = await t.call<{ users: { userName: string }[] }>(
      "query",
      "list_users",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(users.body.users.filter((u) => u.userName === "twice")).toHaveLength(1);

    // A new timestampMs is a new request.
    const fresh = await t.call<Answer>(
      "submit",
      "create_users",
      { ...JSON.parse(body), timestampMs: String(Number(JSON.parse(body).timestampMs) + 1) },
      org.key,
    );
    expect(fresh.body.activity.id).not.toBe(first.body.activity.id);
  });

  it("a denied request sent again is denied again, with one FAILED row", async () => {
    const org = await t.newOrganization();
    const member = newApiKey();
    await t.call(
      "submit",
      "create_users",
      t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
        users: [
          {
            userName: "member",
            apiKeys: [{ apiKeyName: "m", publicKey: member.publicKey, curveType: "API_KEY_CURVE_P256" }],
            authenticators: [],
            oauthProviders: [],
            userTags: [],
          },
        ],
      }),
      org.key,
    );
    const body = JSON.stringify(
      t.activity("ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", org.organizationId, { organizationName: "mine" }),
    );
    const answers = [
      await t.call<{ message: string }>("submit", "update_organization_name", body, member),
      await t.call<{ message: string }>("submit", "update_organization_name", body, member),
    ];
    expect(answers.map((a) => a.status)).toEqual([403, 403]);
    expect(answers[1]!.body.message).toBe(answers[0]!.body.message);
    expect(await activityRows(activityFingerprint(body))).toBe(1);
  });

  it("the same signed request sent 8 times at once yields one activity and one user", async () => {
    const org = await t.newOrganization();
    const body = JSON.stringify(
      t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", org.organizationId, {
        users: [{ userName: "once", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
      }),
    );
    const stamp = await org.key.stamper.stamp(body);
    const headers = { [stamp.stampHeaderName]: stamp.stampHeaderValue };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.call<{ activity: { id: string; fingerprint: string; status: string } }>(
          "submit",
          "create_users",
          body,
          {
            headers,
          },
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const ids = new Set(answers.map((a) => a.body.activity.id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.body.activity.status === "ACTIVITY_STATUS_COMPLETED")).toBe(true);
    expect(await activityRows(answers[0]!.body.activity.fingerprint)).toBe(1);
    const users = await t.call<{ users: { userName: string }[] }>(
      "query",
      "list_users",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(users.body.users.filter((u) => u.userName === "once")).toHaveLength(1);
  });
});
