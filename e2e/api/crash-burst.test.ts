import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allActivities, burst, checkIndexes, tally } from "../support/crash";
import { type RunningServer, startServer } from "../support/server";
import { query, type SignedRequest, send, signActivity } from "../support/signed";

/**
 * kill -9 in the middle of a burst of signed activities (concurrency 16), then a restart on the same
 * data directory or database: what was acknowledged is there, unchanged; every body sent again
 * finds its first activity; nothing exists twice; the database's indexes check clean.
 */

type ActivityAnswer = { activity: { id: string; status: string; type: string } };

const BURST = 48;
const CONCURRENCY = 16;
const KILL_AFTER = 16;

let server: RunningServer;
const root = () => server.root;
const orgId = () => server.root.organizationId;
const ethAccount = {
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: "m/44'/60'/0'/0/0",
  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
};

/** One of three kinds in turn: a wallet, a user, a signature with an existing account. */
function burstRequest(i: number, signWith: string): Promise<SignedRequest> {
  if (i % 3 === 0) {
    return signActivity(root(), "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", orgId(), {
      walletName: `Burst wallet ${i}`,
      accounts: [ethAccount],
    });
  }
  if (i % 3 === 1) {
    const user = {
      userName: `burst-user-${i}`,
      apiKeys: [],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    };
    return signActivity(root(), "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", orgId(), { users: [user] });
  }
  return signActivity(root(), "sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", orgId(), {
    signWith,
    payload: Buffer.from(`burst payload ${i}`).toString("hex"),
    encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
    hashFunction: "HASH_FUNCTION_KECCAK256",
  });
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

describe("kill -9 during a burst of signed activities", () => {
  it("keeps every acknowledged activity; re-sent bodies find their first activity; no duplicates", async () => {
    const signer = await send<
      ActivityAnswer & { activity: { result: Record<string, { addresses: string[] }> } }
    >(
      server.baseUrl,
      await signActivity(root(), "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", orgId(), {
        walletName: "Burst signer",
        accounts: [ethAccount],
      }),
    );
    expect(signer.status).toBe(200);
    const signWith = signer.body.activity.result.createWalletResult!.addresses[0]!;
    const requests = await Promise.all(Array.from({ length: BURST }, (_, i) => burstRequest(i, signWith)));

    let killed: Promise<{ signal: NodeJS.Signals | null }> | undefined;
    const sent = await burst<ActivityAnswer>(server.baseUrl, requests, CONCURRENCY, (answered) => {
      if (answered === KILL_AFTER) killed = server.kill("SIGKILL");
    });
    expect((await killed)?.signal).toBe("SIGKILL");
    const acknowledged = sent.filter((s) => s.answer);
    for (const { answer } of acknowledged) expect(answer!.status, JSON.stringify(answer!.body)).toBe(200);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length).toBeLessThan(BURST); // the kill did land in the middle

    if (!server.env.DATABASE_URL) {
      // The dead process's lock is still on disk; the restart takes it over.
      const lock = JSON.parse(fs.readFileSync(path.join(server.dataDir, "latchkey.lock"), "utf8"));
      expect(lock.pid).not.toBe(process.pid);
    }
    const recoveryMs = await server.start();

    let present = 0;
    for (const { answer } of acknowledged) {
      const stored = await query<ActivityAnswer>(server.baseUrl, root(), "get_activity", {
        organizationId: orgId(),
        activityId: answer!.body.activity.id,
      });
      expect(stored.activity).toMatchObject({
        id: answer!.body.activity.id,
        status: answer!.body.activity.status,
      });
      present++;
    }

    // Every signed body again, acknowledged or not: the same activity for the same bytes.
    const again = await burst<ActivityAnswer>(server.baseUrl, requests, CONCURRENCY, () => undefined);
    for (const [i, { answer }] of again.entries()) {
      expect(answer?.status, JSON.stringify(answer?.body)).toBe(200);
      expect(answer!.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
      const first = sent[i]!.answer;
      if (first) expect(answer!.body.activity.id).toBe(first.body.activity.id);
    }
    const third = await Promise.all(requests.map((r) => send<ActivityAnswer>(server.baseUrl, r)));
    expect(third.map((a) => a.body.activity.id)).toEqual(again.map((s) => s.answer!.body.activity.id));

    // Nothing twice: one activity per body (plus the organization's creation and the signer's wallet),
    // one wallet per wallet body, one user per user body.
    const activities = await allActivities(server.baseUrl, root(), orgId());
    expect(activities).toHaveLength(BURST + 2);
    expect(new Set(activities.map((a) => a.id)).size).toBe(BURST + 2);
    const { wallets } = await query<{ wallets: { walletName: string }[] }>(
      server.baseUrl,
      root(),
      "list_wallets",
      { organizationId: orgId() },
    );
    const { users } = await query<{ users: { userName: string }[] }>(server.baseUrl, root(), "list_users", {
      organizationId: orgId(),
    });
    const walletNames = tally(wallets.map((w) => w.walletName).filter((n) => n.startsWith("Burst wallet")));
    const userNames = tally(users.map((u) => u.userName).filter((n) => n.startsWith("burst-user-")));
    expect(walletNames.size).toBe(BURST / 3);
    expect(userNames.size).toBe(BURST / 3);
    const duplicates = [...walletNames.values(), ...userNames.values()].filter((n) => n > 1).length;
    expect(duplicates).toBe(0);

    // The database after the crash: every B-tree index agrees with its table (PGlite: server stopped).
    if (!server.env.DATABASE_URL) expect((await server.kill("SIGTERM")).code).toBe(0);
    const indexes = await checkIndexes(server);
    expect(indexes).toBeGreaterThan(100);

    console.log(
      `crash burst (${server.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${BURST} sent, ` +
        `acknowledged ${acknowledged.length}, present ${present}, duplicates ${duplicates}, ` +
        `recovery ${recoveryMs} ms to a healthy /healthz, ${indexes} B-tree indexes checked by amcheck`,
    );
  }, 90_000);
});
