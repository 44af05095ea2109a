import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { createUser, expectRateLimited, LIMITED_ENV, nextWindow } from "./limits-scene";

/**
 * Two instances on one database spend one budget, because the counters are rows, not memory.
 * On PostgreSQL (DATABASE_URL) the second instance is a real second AppContext — its own pool,
 * metrics and limiter state — on the first one's schema. PGlite is one process's embedded database
 * and cannot be opened twice, so there both "instances" are the same context: the test still proves
 * that the count lives in the shared table (a budget spent, then whole again in the next window)
 * rather than in anything an instance keeps.
 */
let first: TestApp;
let second: TestApp;
let orgId: string;
let key: TestKey;

beforeAll(async () => {
  first = await startTestApp({ env: LIMITED_ENV });
  second = process.env.DATABASE_URL
    ? await startTestApp({ env: LIMITED_ENV, shareDatabaseWith: first })
    : first;
  const org = await first.newOrganization("Shared");
  orgId = org.organizationId;
  key = org.key;
});
afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
});

describe("rate limits across instances on one database", () => {
  it("requests spread over two instances spend one budget", async () => {
    nextWindow(first);
    expect((await createUser(first, orgId, key)).status).toBe(200);
    expect((await createUser(second, orgId, key)).status).toBe(200);
    expect((await createUser(first, orgId, key)).status).toBe(200);
    expectRateLimited(await createUser(second, orgId, key), "key", "activity");
    expectRateLimited(await createUser(first, orgId, key), "key", "activity");
    nextWindow(first);
    expect((await createUser(second, orgId, key)).status).toBe(200);
  });
});
