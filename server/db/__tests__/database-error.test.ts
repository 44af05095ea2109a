import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { isUniqueViolation } from "../database-error";
import { wallets } from "../schema";

/**
 * A unique violation as the activities catch it: through Drizzle, which wraps the driver's error.
 * Reading `code` off the caught error missed it, and a concurrent activity that lost the race for
 * a wallet account's derivation got a 500 instead of a 409.
 */
let t: TestApp;
let organizationId: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId } = await t.newOrganization());
});
afterAll(async () => t?.close());

const wallet = (id: string, name: string) => {
  const now = new Date();
  return { id, organizationId, name, exported: false, imported: false, createdAt: now, updatedAt: now };
};

async function failureOf(write: () => Promise<unknown>): Promise<unknown> {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error("the write was expected to fail");
}

describe("isUniqueViolation", () => {
  it("finds the database's unique violation under Drizzle's wrapping, and names its index", async () => {
    await t.app.db.insert(wallets).values(wallet("w-unique-1", "Only once"));
    const error = await failureOf(() => t.app.db.insert(wallets).values(wallet("w-unique-2", "Only once")));
    // As caught, the error is Drizzle's: the database's code is on its cause.
    expect((error as { code?: unknown }).code).toBeUndefined();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, "wallets_org_name_idx")).toBe(true);
    expect(isUniqueViolation(error, "activities_fingerprint_idx")).toBe(false);
    // Wrapped once more, as a caller may.
    expect(isUniqueViolation(new Error("creating the wallet failed", { cause: error }))).toBe(true);
  });

  it("is false for other database errors and for errors that are not the database's", async () => {
    const missing = await failureOf(() =>
      t.app.db.insert(wallets).values({ ...wallet("w-unique-3", "Orphan"), organizationId: "no-such-org" }),
    );
    expect(isUniqueViolation(missing)).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation({ code: 23505 })).toBe(false);
  });
});
