import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import pg from "pg";
import type { TListAuditChainResponse } from "../../lib/api/audit-chain";
import { chainClient } from "../../server/audit/chain-client";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { expectNoAxeViolations } from "./axe";
import { addApiKeyInBrowser, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The Activities page's "Verify audit trail" (docs/audit-chain.md): an organization does a few
 * activities with its passkey, the browser recomputes the whole chain and says how many entries
 * it verified; then a row of audit_entries is edited directly in the database and the check names
 * that entry. The edit is made with the server stopped (server.restart): PGlite is one process's
 * files, locked while the server runs; on PostgreSQL (DATABASE_URL) the same statement runs on the
 * server's own database, so the spec is the same on both.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
let organizationId: string;
const auditorKey = generateP256KeyPair();

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  // A context of its own: axe runs in it.
  page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.context().close();
  await server?.stop();
});

/** The chain's length as the API serves it to a backend holding an API key (an independent count). */
async function chainLength(): Promise<number> {
  const query = chainClient(server.baseUrl, { privateKey: auditorKey.privateKey });
  let count = 0;
  for (let after = "0"; ; ) {
    const page = await query<TListAuditChainResponse>("list_audit_chain", {
      organizationId,
      paginationOptions: { limit: "100", after },
    });
    count += page.entries.length;
    if (page.entries.length < 100) return count;
    after = page.entries.at(-1)!.seq;
  }
}

/** One statement on the server's database: PostgreSQL directly, PGlite through its data directory. */
async function onDatabase<T>(statement: string, params: unknown[]): Promise<T[]> {
  if (server.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(statement, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = new PGlite(path.join(server.dataDir, "pglite"));
  try {
    return (await db.query<T>(statement, params)).rows;
  } finally {
    await db.close();
  }
}

const verify = async () => {
  await nav(page, "Activities");
  await page.getByRole("button", { name: "Verify audit trail" }).click();
};

test("a few activities in the browser, then Verify audit trail counts every entry", async () => {
  organizationId = await createOrganization(page, { organizationName: "Ledger Co", userName: "ada" });
  await addApiKeyInBrowser(page, "auditor", auditorKey.publicKey);
  await nav(page, "Users");
  await page.getByLabel("User name").fill("bob");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.locator('[data-user="bob"]')).toBeVisible();

  await verify();
  const entries = await chainLength();
  // The organization's creation, then VOTE, EVALUATION, ACTIVITY for each passkey-signed activity:
  // the sign-in (stamp login), the API key, the user.
  expect(entries).toBe(1 + 3 * 3);
  const verdict = page.locator('[data-audit-verdict="ok"]');
  await expect(verdict).toContainText(`Verified: ${entries} entries, last checkpoint #${entries} signed`);
  await screenshot(page, "audit-trail-verified");
  await expectNoAxeViolations(page, "audit trail verified");
  expect(consoleErrors).toEqual([]);
});

test("a row edited in the database: Verify names that entry", async () => {
  let edited = "";
  await server.restart(async () => {
    const [vote] = await onDatabase<{ seq: string; payload: string }>(
      "select seq::text as seq, payload from audit_entries where organization_id = $1 and kind = 'VOTE' order by seq desc limit 1",
      [organizationId],
    );
    edited = vote!.seq;
    await onDatabase("update audit_entries set payload = $1 where organization_id = $2 and seq = $3", [
      vote!.payload.replace("VOTE_SELECTION_APPROVED", "VOTE_SELECTION_REJECTED"),
      organizationId,
      vote!.seq,
    ]);
  });
  // While the server was down the page's background reads failed; what matters is what follows.
  consoleErrors.length = 0;
  await page.reload();
  await verify();
  const verdict = page.locator('[data-audit-verdict="failed"]');
  await expect(verdict).toContainText(`Entry #${edited} (VOTE `);
  await expect(verdict).toContainText("hash does not match its payload");
  await screenshot(page, "audit-trail-tampered");
  await expectNoAxeViolations(page, "audit trail tampered");
  expect(consoleErrors).toEqual([]);
});
