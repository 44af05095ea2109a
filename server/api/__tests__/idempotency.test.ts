import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";

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
