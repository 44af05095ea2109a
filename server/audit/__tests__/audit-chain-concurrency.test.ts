import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { chainHash, GENESIS_HASH } from "../entries";

/**
 * Concurrent submissions in one organization, through two server instances on one PostgreSQL when
 * DATABASE_URL is set (one instance on PGlite): every entry is kept, in one unforked chain.
 */
const instances: TestApp[] = [];
let organizationId: string;
let root: TestKey;
let ethereum: string;

beforeAll(async () => {
  const first = await startTestApp();
  instances.push(first);
  if (process.env.DATABASE_URL) instances.push(await startTestApp({ shareDatabaseWith: first }));
  ({ organizationId, key: root } = await first.newOrganization());
  const wallet = await first.call(
    "submit",
    "create_wallet",
    first.activity("ACTIVITY_TYPE_CREATE_WALLET", organizationId, {
      walletName: "w",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    }),
    root,
  );
  expect(wallet.status).toBe(200);
  ethereum = (wallet.body as { activity: { result: { createWalletResult: { addresses: string[] } } } })
    .activity.result.createWalletResult.addresses[0]!;
}, 120_000);

afterAll(async () => {
  // The instance that made the schema drops it: close it last.
  for (const t of [...instances].reverse()) await t.close();
});

describe("audit chain under concurrency", () => {
  it("keeps every entry of 32 concurrent sign_raw_payload in one unforked chain", async () => {
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 32 }, (_, i) => {
        const t = instances[i % instances.length]!;
        return t.call(
          "submit",
          "sign_raw_payload",
          t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId, {
            signWith: ethereum,
            payload: `0x${(i + 1).toString(16).padStart(64, "0")}`,
            encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
            hashFunction: "HASH_FUNCTION_NO_OP",
          }),
          root,
        );
      }),
    );
    console.log(
      `32 concurrent sign_raw_payload on ${instances.length} instance(s): ${Math.round(performance.now() - started)} ms`,
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    const rows = await instances[0]!.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, organizationId))
      .orderBy(asc(auditEntries.seq));
    // bootstrap, create_wallet's three, then three per signature (vote, evaluation, activity)
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 4 + 32 * 3 }, (_, i) => i + 1));
    let previous = GENESIS_HASH;
    for (const row of rows) {
      expect(row.previousHash).toBe(previous);
      expect(row.hash).toBe(chainHash(previous, row.payload));
      previous = row.hash;
    }
    const signed = new Set(responses.map((r) => (r.body as { activity: { id: string } }).activity.id));
    const recorded = rows.filter((r) => r.kind === "ACTIVITY").map((r) => r.recordId);
    expect(recorded.filter((id) => signed.has(id)).length).toBe(32);
  }, 180_000);
});
