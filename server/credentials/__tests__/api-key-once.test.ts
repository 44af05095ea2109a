import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * A public key identifies its holder, so it is registered once per organization — also when
 * several requests register it at the same moment (different bodies: different users, or new keys
 * for one user). Before the keys' locks, each such request could find the key absent and insert it:
 * a review reproduced six rows for one key, and a stamp by it then resolved to either holder.
 */
let t: TestApp;
let organizationId: string;
let root: TestKey;

// biome-ignore lint/suspicious/noExplicitAny: API bodies are read field by field, each read checked by an expect.
type Body = Record<string, any>;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, key: root } = await t.newOrganization());
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function rowsFor(publicKey: string) {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from api_keys where organization_id = ${organizationId} and public_key = ${publicKey}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe("one public key, registered by several requests at once", () => {
  it("is registered once: one request succeeds, the others are told the key exists", async () => {
    for (let round = 0; round < 3; round++) {
      const shared = newApiKey();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.call<Body>(
            "submit",
            "create_users",
            t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
              users: [
                {
                  userName: `holder-${round}-${i}`,
                  apiKeys: [
                    { apiKeyName: `k${i}`, publicKey: shared.publicKey, curveType: "API_KEY_CURVE_P256" },
                  ],
                  authenticators: [],
                  oauthProviders: [],
                  userTags: [],
                },
              ],
            }),
            root,
          ),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.message).toContain(`public key ${shared.publicKey} is already registered`);
      }
      expect(await rowsFor(shared.publicKey)).toBe(1);
      // The refused requests wrote nothing: one of the six users exists.
      const users = await t.app.db.execute(
        sql`select count(*)::int as n from users where organization_id = ${organizationId} and name like ${`holder-${round}-%`}`,
      );
      expect((users as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      // The key authenticates as the one user that holds it.
      const holder = answers.find((a) => a.status === 200)!.body.activity.result.createUsersResult.userIds[0];
      const whoami = await t.call<Body>("query", "whoami", { organizationId }, shared);
      expect(whoami.body.userId).toBe(holder);
    }
  });
});
