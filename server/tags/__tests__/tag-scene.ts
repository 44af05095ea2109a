import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { privateKeys } from "../../db/schema";
import { newId } from "../../ids";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * The scene the tag tests share: two organizations on one test app, and the calls and checks they
 * make. The bindings are live: a test file calls `withTagScene()` and reads `t`, `org`, `other`.
 */

export interface Org {
  organizationId: string;
  userId: string;
  key: TestKey;
}
export interface ActivityBody {
  activity: {
    status: string;
    type: string;
    intent: Record<string, unknown>;
    result: Record<string, Record<string, unknown>>;
  };
}
interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string }[];
}
export interface Tag {
  tagId: string;
  tagName: string;
  tagType: string;
  createdAt: { seconds: string; nanos: string };
  updatedAt: { seconds: string; nanos: string };
}

export let t: TestApp;
export let org: Org;
export let other: Org;

/** One test app per file, with the organization under test and a foreign one. */
export function withTagScene(): void {
  beforeAll(async () => {
    t = await startTestApp();
    org = await t.newOrganization("Tagged");
    other = await t.newOrganization("Elsewhere");
  });
  afterAll(async () => t?.close());
}

export const submit = <T = ActivityBody>(who: Org, path: string, type: string, parameters: unknown) =>
  t.call<T>("submit", path, t.activity(type, who.organizationId, parameters), who.key);
export const query = <T>(who: Org, path: string, body: Record<string, unknown> = {}) =>
  t.call<T>("query", path, { organizationId: who.organizationId, ...body }, who.key);

export async function ok(who: Org, path: string, type: string, parameters: unknown) {
  const res = await submit(who, path, type, parameters);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return res.body.activity;
}

/** Every row of every table, including private keys, which the shared digest does not cover. */
async function everything() {
  const result = await t.app.db.execute(
    sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
             from private_keys t`),
  );
  const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
  return { ...(await databaseDigest(t.app)), private_keys: `${row.n}:${row.h}` };
}

export async function expectRefused(
  request: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
  reason?: string,
) {
  const before = await everything();
  const res = await request();
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect((res.body as ErrorBody).message).toBe(message);
  if (reason) expect((res.body as ErrorBody).details[0]!.turnkeyErrorCode).toBe(reason);
  expect(await everything()).toEqual(before);
}

export async function createUsers(who: Org, ...names: string[]): Promise<string[]> {
  const activity = await ok(who, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: names.map((userName) => ({
      userName,
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    })),
  });
  return (activity.result.createUsersResult as { userIds: string[] }).userIds;
}

/** Private keys are made by another activity; rows are enough for tagging. */
export async function insertPrivateKeys(who: Org, count: number): Promise<string[]> {
  const now = t.clock.now();
  const ids = Array.from({ length: count }, () => newId(now.getTime()));
  await t.app.db.insert(privateKeys).values(
    ids.map((id, i) => ({
      id,
      organizationId: who.organizationId,
      name: `key ${id.slice(-6)} ${i}`,
      curve: "CURVE_SECP256K1",
      publicKey: `02${"ab".repeat(32)}`,
      tagIds: [],
      exported: false,
      imported: false,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return ids;
}

export async function keyTags(ids: string[]): Promise<Record<string, string[]>> {
  const rows = await t.app.db.select().from(privateKeys).where(inArray(privateKeys.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.tagIds]));
}

export async function userTagsOf(who: Org, userId: string): Promise<string[]> {
  const res = await query<{ user: { userTags: string[] } }>(who, "get_user", { userId });
  expect(res.status).toBe(200);
  return res.body.user.userTags;
}

export const timestampNow = () => {
  const ms = t.clock.now().getTime();
  return { seconds: String(Math.floor(ms / 1000)), nanos: String((ms % 1000) * 1e6) };
};

export async function createUsersWithTags(who: Org, userTags: string[]): Promise<string[]> {
  const activity = await ok(who, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      {
        userName: `tagged ${userTags.length}`,
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
        userTags,
      },
    ],
  });
  return (activity.result.createUsersResult as { userIds: string[] }).userIds;
}
