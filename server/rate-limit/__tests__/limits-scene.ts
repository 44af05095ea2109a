import { count } from "drizzle-orm";
import { expect } from "vitest";
import { activities } from "../../db/schema";
import { metricsResponse } from "../../observability/metrics";
import type { ApiResponse, TestApp, TestKey } from "../../testing/harness";

/** Small limits in a 10 s window, so a handful of requests spends a budget. */
export const WINDOW_SECONDS = 10;
export const LIMITED_ENV = {
  LATCHKEY_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
  LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_KEY: "3",
  LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY: "5",
  LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_IP: "0",
  LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: "0",
};

/** Moves the harness's clock into the next window: every budget is whole again. */
export function nextWindow(t: TestApp) {
  t.clock.advance(WINDOW_SECONDS * 1000);
}

let users = 0;
export const createUser = (
  t: TestApp,
  organizationId: string,
  key: TestKey,
  headers?: Record<string, string>,
) =>
  t.call(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", organizationId, {
      users: [
        { userName: `limited-${++users}`, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] },
      ],
    }),
    key,
    headers,
  );

export const whoami = (t: TestApp, organizationId: string, key: TestKey, headers?: Record<string, string>) =>
  t.call("query", "whoami", { organizationId }, key, headers);

export async function activityRows(t: TestApp): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(activities);
  return row!.n;
}

/** A 429 as the compatible API shapes errors, with Retry-After within the window. */
export function expectRateLimited(response: ApiResponse, scope: "key" | "ip", kind: "activity" | "query") {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  const body = response.body as { code: number; message: string; details: Record<string, unknown>[] };
  expect(body.code).toBe(8);
  expect(body.message).toMatch(/^rate limit exceeded: at most \d+ (activities|queries) per 10 s/);
  expect(body.details).toContainEqual(
    expect.objectContaining({
      "@type": "type.googleapis.com/errors.v1.TurnkeyErrorDetail",
      turnkeyErrorCode: "RATE_LIMITED",
      rateLimit: expect.objectContaining({ scope, kind, windowSeconds: WINDOW_SECONDS }),
    }),
  );
  expect(body.details).toContainEqual({
    "@type": "type.googleapis.com/google.rpc.RetryInfo",
    retryDelay: `${retryAfter}s`,
  });
  return retryAfter;
}

/** One sample of /metrics (0 when absent). */
export async function metric(t: TestApp, sample: string): Promise<number> {
  const text = await (await metricsResponse(t.app.metrics)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}
