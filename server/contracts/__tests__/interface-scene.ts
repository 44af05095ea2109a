import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * The scene the smart contract interface tests share: the fixtures, two organizations on one test
 * app, and the calls and checks they make. The bindings are live: a test file calls
 * `withInterfaceScene()` and reads `t`, `org`, `other`.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../../contracts/__tests__/fixtures/${name}`, import.meta.url), "utf8");
export const VAULT_ABI = fixture("erc4626-vault.abi.json");
export const CP_SWAP_IDL = fixture("raydium-cp-swap.idl.json");
export const CP_SWAP = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
/** A checksummed (EIP-55) address, sent in mixed case. */
export const VAULT = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
export const CREATE = "ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE";
export const DELETE = "ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE";

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
    result: Record<string, Record<string, string>>;
  };
}
export interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string; fieldViolations?: { field: string; description: string }[] }[];
}

export let t: TestApp;
export let org: Org;
export let other: Org;

/** One test app per file, with the organization under test and a foreign one. */
export function withInterfaceScene(): void {
  beforeAll(async () => {
    t = await startTestApp();
    org = await t.newOrganization("Contracts");
    other = await t.newOrganization("Elsewhere");
  });
  afterAll(async () => t?.close());
}

export const submit = <T = ActivityBody>(who: Org, path: string, type: string, parameters: unknown) =>
  t.call<T>("submit", path, t.activity(type, who.organizationId, parameters), who.key);
export const query = <T>(who: Org, path: string, body: Record<string, unknown> = {}) =>
  t.call<T>("query", path, { organizationId: who.organizationId, ...body }, who.key);

/** Every row of every table, including the interfaces table the shared digest does not cover. */
async function everything() {
  const result = await t.app.db.execute(
    sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
             from smart_contract_interfaces t`),
  );
  const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
  return { ...(await databaseDigest(t.app)), smart_contract_interfaces: `${row.n}:${row.h}` };
}

export async function expectRefused(
  request: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
) {
  const before = await everything();
  const res = await request();
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect((res.body as ErrorBody).message).toBe(message);
  expect(await everything()).toEqual(before);
  return res.body as ErrorBody;
}

export async function create(who: Org, parameters: Record<string, unknown>) {
  const res = await submit(who, "create_smart_contract_interface", CREATE, parameters);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return res.body.activity;
}
