import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupCommand, restoreCommand } from "../../cli/backup";
import { sealedSecrets } from "../../db/schema";
import { databaseDigest } from "../../testing/db-snapshot";
import type { TestApp } from "../../testing/harness";
import { BACKED_UP_TABLES } from "../tables";
import {
  completed,
  ETH_ACCOUNT,
  type Installation,
  newInstallation,
  type Org,
  SOL_ACCOUNT,
  serveBackupEndpoint,
  sign,
} from "./installation-scene";

/**
 * `latchkey backup` of an installation whose server is running, and `latchkey restore` into a
 * fresh one: same wallets, same addresses, same signatures; the wrong master key and a non-empty
 * installation are refused before anything is written.
 */

const MASTER = randomBytes(32).toString("hex");
const PAYLOAD = `0x${"5a".repeat(32)}`;
const file = path.join(os.tmpdir(), `latchkey-${randomBytes(4).toString("hex")}.backup`);
const dropped: Installation[] = [];

let source: Installation;
let server: TestApp;
let org: Org;
let eth: string;
let sol: string;
let digestAtBackup: Record<string, string>;
let signedBefore: { eth: unknown; sol: unknown };

async function installation(masterKey = MASTER): Promise<Installation> {
  const made = await newInstallation(masterKey);
  dropped.push(made);
  return made;
}

beforeAll(async () => {
  source = await installation();
  server = await source.start();
  org = await server.newOrganization("Backed up");
  const wallet = await completed<{ addresses: string[] }>(
    server,
    org,
    "create_wallet",
    "ACTIVITY_TYPE_CREATE_WALLET",
    { walletName: "Treasury", accounts: [ETH_ACCOUNT, SOL_ACCOUNT] },
    "createWalletResult",
  );
  [eth, sol] = wallet.addresses as [string, string];
  signedBefore = {
    eth: await sign(server, org, eth, PAYLOAD, false),
    sol: await sign(server, org, sol, PAYLOAD, true),
  };
});

afterAll(async () => {
  await server?.close();
  for (const made of dropped) await made.drop();
  fs.rmSync(file, { force: true });
});

describe("latchkey backup and restore", () => {
  it("backs up while the server runs (PGlite: through the server, which holds the data directory)", async () => {
    digestAtBackup = await databaseDigest(server.app);
    const endpoint = await serveBackupEndpoint(server.app);
    try {
      const report = await backupCommand(file, endpoint.url, source.env);
      expect(report.via).toBe(source.databaseUrl ? "database" : "server");
      expect(report.rows.organizations).toBe(1);
      // The wallet's mnemonic, its two accounts' sealed keys and the server's signing key.
      expect(report.rows.sealed_secrets).toBe(4);
    } finally {
      await endpoint.close();
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const text = fs.readFileSync(file, "utf8");
    const header = JSON.parse(text.split("\n")[0]!);
    expect(header).toMatchObject({ format: "latchkey-backup", version: 1, tables: BACKED_UP_TABLES });
    expect(header.notIncluded).toContain("local devnet chain state (<data dir>/chains)");
    expect(text).not.toContain(MASTER);
    // Signing goes on after the backup; the restored installation will not have this activity.
    await sign(server, org, eth, `0x${"77".repeat(32)}`, false);
  });

  it("the backup endpoint answers only a caller that proves the master key", async () => {
    const endpoint = await serveBackupEndpoint(server.app);
    try {
      const anonymous = await fetch(`${endpoint.url}/api/admin/backup`, { method: "POST" });
      expect(anonymous.status).toBe(401);
      expect((await anonymous.json()).details[0].turnkeyErrorCode).toBe("BACKUP_TOKEN_INVALID");
    } finally {
      await endpoint.close();
    }
  });

  it("restores into a fresh installation: the same rows, and the same wallets sign the same signatures", async () => {
    const target = await installation();
    const report = await restoreCommand(file, target.env);
    expect(report.rows.wallets).toBe(1);
    const restored = await target.start();
    try {
      expect(await databaseDigest(restored.app)).toEqual(digestAtBackup);
      const wallets = await restored.call<{ wallets: { walletName: string }[] }>(
        "query",
        "list_wallets",
        { organizationId: org.organizationId },
        org.key,
      );
      expect(wallets.body.wallets.map((w) => w.walletName)).toEqual(["Treasury"]);
      // The accounts' sealed keys came along: the restored installation signs with them.
      const accountKeys = await restored.app.db
        .select({ id: sealedSecrets.id })
        .from(sealedSecrets)
        .where(eq(sealedSecrets.kind, "WALLET_ACCOUNT_KEY"));
      expect(accountKeys).toHaveLength(2);
      expect(await sign(restored, org, eth, PAYLOAD, false)).toEqual(signedBefore.eth);
      expect(await sign(restored, org, sol, PAYLOAD, true)).toEqual(signedBefore.sol);
    } finally {
      await restored.close();
    }
    // A second restore into the now populated installation is refused, naming what is there.
    await expect(restoreCommand(file, target.env)).rejects.toThrow(
      /needs an empty installation.*1 organizations.*"Backed up".*Nothing was written/,
    );
  });

  it("restore under another master key fails before writing anything", async () => {
    const target = await installation(randomBytes(32).toString("hex"));
    const fresh = await target.start();
    const before = await databaseDigest(fresh.app);
    await fresh.close();
    await expect(restoreCommand(file, target.env)).rejects.toThrow(/wrong master key.*Nothing was written/);
    const after = await target.start();
    try {
      expect(await databaseDigest(after.app)).toEqual(before);
    } finally {
      await after.close();
    }
  });

  it("restore with no master key at all says where the key must come from", async () => {
    const target = await installation();
    const { LATCHKEY_MASTER_KEY: _, ...env } = target.env;
    await expect(restoreCommand(file, env)).rejects.toThrow(
      /no master key.*LATCHKEY_MASTER_KEY.*master\.key/,
    );
  });
});
