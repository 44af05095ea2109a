import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import type { DbOrTx } from "../client";
import { placeholderInsert } from "../placeholder-sql";
import { prebuilt, prebuiltPerShape, prebuiltSql } from "../prebuilt";
import { apiKeys, organizations, rateLimitBuckets, users } from "../schema";

/**
 * A prebuilt statement must answer exactly what the same builder answers when built on the spot:
 * the same rows, the same decoded values (dates, arrays, numbers), a left join's missing side as
 * null — on whichever database or transaction it is run.
 */
let t: TestApp;
let org: { organizationId: string; userId: string };

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Prebuilt");
});
afterAll(async () => t?.close());

const joined = (db: DbOrTx, organizationId: unknown, userName: unknown) =>
  db
    .select({ organization: organizations, user: users, key: apiKeys })
    .from(organizations)
    .leftJoin(users, and(eq(users.organizationId, organizations.id), eq(users.name, userName as string)))
    .leftJoin(apiKeys, eq(apiKeys.userId, users.id))
    .where(eq(organizations.id, organizationId as string));

const joinedStatement = prebuilt((db) =>
  joined(db, sql.placeholder("organizationId"), sql.placeholder("userName")),
);

// Aliased tables (a Proxy each), SQL fields at the top and inside an object, and a joined row with a
// null column: every kind of field the mapping compiled once (row-mapper.ts) must decode as Drizzle
// does per value — including Drizzle's rule that a joined object whose first column is null reads as
// a missing row (`contact`, whose first column is the user's unset email).
const owner = alias(users, "owner");
const mixed = (db: DbOrTx, organizationId: unknown, userName: unknown) =>
  db
    .select({
      organization: { id: organizations.id, rootUserIds: organizations.rootUserIds },
      owner: { id: owner.id, email: owner.email, createdAt: owner.createdAt },
      contact: { email: owner.email, id: owner.id },
      // A null first column of the FROM table (an organization without a parent) does not null it,
      // and neither does one from a missing join when a later column is another table's.
      parentFirst: { parent: organizations.parentOrganizationId, id: organizations.id },
      crossed: { keyName: apiKeys.name, organizationId: organizations.id },
      key: { name: apiKeys.name, upper: sql<string>`upper(${apiKeys.name})` },
      count: sql<number>`1 + 1`.mapWith(Number),
      named: sql<string>`${organizations.name}`.as("named"),
    })
    .from(organizations)
    .leftJoin(owner, and(eq(owner.organizationId, organizations.id), eq(owner.name, userName as string)))
    .leftJoin(apiKeys, eq(apiKeys.userId, owner.id))
    .where(eq(organizations.id, organizationId as string));

const mixedStatement = prebuilt((db) =>
  mixed(db, sql.placeholder("organizationId"), sql.placeholder("userName")),
);

describe("prebuilt statements", () => {
  it("decodes aliased tables, SQL fields and partly null joined rows as the builder does", async () => {
    for (const userName of ["root", "nobody"]) {
      const expected = await mixed(t.app.db, org.organizationId, userName);
      const answered = await mixedStatement.run(t.app.db, { organizationId: org.organizationId, userName });
      expect(answered).toEqual(expected);
      expect(answered[0]!.count).toBe(2);
      expect(answered[0]!.contact).toBeNull();
      expect(answered[0]!.parentFirst).toEqual({ parent: null, id: org.organizationId });
      if (userName === "nobody") {
        expect(answered[0]!.crossed).toEqual({ keyName: null, organizationId: org.organizationId });
      }
      if (userName === "nobody") expect(answered[0]!.owner).toBeNull();
      else {
        expect(answered[0]!.owner).toMatchObject({ id: org.userId, email: null });
        expect(answered[0]!.owner?.createdAt).toBeInstanceOf(Date);
      }
    }
  });

  it("answers a join with the builder's own rows, decoded values and a missing side as null", async () => {
    for (const userName of ["root", "nobody"]) {
      const expected = await joined(t.app.db, org.organizationId, userName);
      const answered = await joinedStatement.run(t.app.db, { organizationId: org.organizationId, userName });
      expect(answered).toEqual(expected);
      expect(answered).toHaveLength(1);
      expect(answered[0]!.organization.createdAt).toBeInstanceOf(Date);
      expect(answered[0]!.organization.rootUserIds).toEqual([org.userId]);
      if (userName === "nobody") expect(answered[0]!.user).toBeNull();
      else expect(answered[0]!.user?.id).toBe(org.userId);
    }
    expect(await joinedStatement.run(t.app.db, { organizationId: "nope", userName: "root" })).toEqual([]);
  });

  it("writes through the transaction it is given, with each value encoded for its column", async () => {
    const upsert = prebuilt((db) =>
      db
        .insert(rateLimitBuckets)
        .values({
          scope: sql.placeholder("scope"),
          kind: "query",
          subject: sql.placeholder("subject"),
          windowStart: sql.placeholder("windowStart"),
          count: 1,
        })
        .returning(),
    );
    const windowStart = new Date("2030-01-02T03:04:05.000Z");
    const rolledBack = new Error("roll back");
    await expect(
      t.app.db.transaction(async (tx) => {
        const [row] = await upsert.run(tx, { scope: "key", subject: "prebuilt-tx", windowStart });
        expect(row).toEqual({ scope: "key", kind: "query", subject: "prebuilt-tx", windowStart, count: 1 });
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    const left = await t.app.db
      .select()
      .from(rateLimitBuckets)
      .where(eq(rateLimitBuckets.subject, "prebuilt-tx"));
    expect(left).toEqual([]);
  });

  it("refuses a run that leaves a placeholder without a value", async () => {
    await expect(joinedStatement.run(t.app.db, { organizationId: org.organizationId })).rejects.toThrow(
      /userName/,
    );
  });

  it("makes one statement per shape, on first use, and answers each with its own text", async () => {
    const made: number[] = [];
    const selectN = prebuiltPerShape((count: number) => {
      made.push(count);
      return prebuilt((db) =>
        db
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, sql.placeholder("id")))
          .limit(count),
      );
    }, String);
    expect(selectN(1)).toBe(selectN(1));
    expect(selectN(2)).not.toBe(selectN(1));
    expect(made).toEqual([1, 2]);
    expect(await selectN(2).run(t.app.db, { id: org.organizationId })).toEqual([{ id: org.organizationId }]);
  });

  it("runs a statement written as SQL, built once, its placeholders encoded as their columns", async () => {
    let builds = 0;
    const insertUser = prebuiltSql(() => {
      builds++;
      const columns = ["id", "organizationId", "name", "tagIds", "createdAt", "updatedAt"] as const;
      // The insert in parentheses, as the audit append carries its deferred writes: a CTE.
      return sql`with written as ${placeholderInsert(users, columns, "u_")} select 1 as done`;
    });
    const createdAt = new Date("2026-01-02T03:04:05.678Z");
    for (const [i, tagIds] of [[], ["a", "b,c", 'd "e"']].entries()) {
      const id = `prebuilt-sql-${i}`;
      await t.app.db.transaction(async (tx) => {
        await insertUser.run(tx, {
          u_id: id,
          u_organizationId: org.organizationId,
          u_name: `written ${i}`,
          u_tagIds: tagIds,
          u_createdAt: createdAt,
          u_updatedAt: createdAt,
        });
      });
      const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({
        name: `written ${i}`,
        tagIds,
        createdAt,
        organizationId: org.organizationId,
      });
    }
    expect(builds).toBe(1);
  });
});
