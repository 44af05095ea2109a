import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { burst } from "../support/crash";
import { type EmptyServer, type RunningServer, startPeer, startServer } from "../support/server";
import { type ApiKey, query, type SignedRequest, send, signActivity } from "../support/signed";

/**
 * Votes and crashes: approvals in flight when the server is killed leave no activity half-executed,
 * and sending them again completes each exactly once. On PostgreSQL, two instances on one database
 * racing over the same body, or over two approvals, still make one activity and one execution.
 */

interface Activity {
  id: string;
  fingerprint: string;
  status: string;
  result: { createWalletResult?: { walletId: string } };
  votes: { userId: string }[];
}
type ActivityAnswer = { activity: Activity };

const PENDING = 32;
const CONCURRENCY = 16;
const KILL_AFTER = 8;

let server: RunningServer;
const orgId = () => server.root.organizationId;
const members: Record<"alice" | "bob" | "carol", ApiKey & { userId: string }> = {} as never;

/** An activity that must be answered 200. */
async function done(by: ApiKey, path: string, type: string, parameters: object, to = server.baseUrl) {
  const answer = await send<ActivityAnswer>(to, await signActivity(by, path, type, orgId(), parameters));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.activity;
}

/** Alice asks for a wallet: the policy makes it wait for a second approver. */
async function pendingWallet(walletName: string): Promise<Activity> {
  const activity = await done(members.alice, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName,
    accounts: [],
  });
  expect(activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  return activity;
}

const approval = (by: ApiKey, activity: Activity): Promise<SignedRequest> =>
  signActivity(by, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", orgId(), {
    fingerprint: activity.fingerprint,
  });

async function walletsByName(): Promise<Map<string, { walletId: string; walletName: string }[]>> {
  const { wallets } = await query<{ wallets: { walletId: string; walletName: string }[] }>(
    server.baseUrl,
    server.root,
    "list_wallets",
    { organizationId: orgId() },
  );
  return Map.groupBy(wallets, (w) => w.walletName);
}

const stored = async (activity: Activity) =>
  (
    await query<ActivityAnswer>(server.baseUrl, server.root, "get_activity", {
      organizationId: orgId(),
      activityId: activity.id,
    })
  ).activity;

beforeAll(async () => {
  server = await startServer();
  const users = (["alice", "bob", "carol"] as const).map((userName) => ({
    userName,
    ...generateP256KeyPair(),
  }));
  const created = await done(server.root, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: users.map((u) => ({
      userName: u.userName,
      apiKeys: [{ apiKeyName: u.userName, publicKey: u.publicKey, curveType: "API_KEY_CURVE_P256" }],
      authenticators: [],
      oauthProviders: [],
      userTags: [],
    })),
  });
  const ids = (created.result as unknown as { createUsersResult: { userIds: string[] } }).createUsersResult
    .userIds;
  users.forEach((u, i) => {
    members[u.userName] = { publicKey: u.publicKey, privateKey: u.privateKey, userId: ids[i]! };
  });
  await done(server.root, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
    policyName: "wallets need two approvers",
    effect: "EFFECT_ALLOW",
    condition: "activity.type == 'ACTIVITY_TYPE_CREATE_WALLET'",
    consensus: "approvers.count() >= 2",
    notes: "",
  });
});
afterAll(async () => server?.stop());

describe("kill -9 during a round of approvals", () => {
  it("leaves no activity half-executed; re-sent votes complete each exactly once", async () => {
    const pending: Activity[] = [];
    for (let i = 0; i < PENDING; i++) pending.push(await pendingWallet(`Approved ${i}`));
    const votes = await Promise.all(pending.map((activity) => approval(members.bob, activity)));

    let killed: Promise<unknown> | undefined;
    const sent = await burst<ActivityAnswer>(server.baseUrl, votes, CONCURRENCY, (answered) => {
      if (answered === KILL_AFTER) killed = server.kill("SIGKILL");
    });
    await killed;
    const acknowledged = sent.filter((s) => s.answer).length;
    expect(acknowledged).toBeLessThan(PENDING);
    const recoveryMs = await server.start();

    // Each activity is all or nothing: COMPLETED with its one wallet, or still waiting with none.
    let wallets = await walletsByName();
    let completed = 0;
    let halfExecuted = 0;
    for (const [i, activity] of pending.entries()) {
      const now = await stored(activity);
      const made = wallets.get(`Approved ${i}`) ?? [];
      if (sent[i]!.answer) {
        expect(sent[i]!.answer!.status).toBe(200);
        expect(now.status).toBe("ACTIVITY_STATUS_COMPLETED");
      }
      if (now.status === "ACTIVITY_STATUS_COMPLETED") {
        completed++;
        if (made.length !== 1 || made[0]!.walletId !== now.result.createWalletResult?.walletId)
          halfExecuted++;
      } else {
        expect(now.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
        if (made.length !== 0 || now.votes.length !== 1) halfExecuted++;
      }
    }
    expect(halfExecuted).toBe(0);

    // Bob's votes again, every one: the missing ones complete their activity, the others are replays.
    const again = await burst<ActivityAnswer>(server.baseUrl, votes, CONCURRENCY, () => undefined);
    wallets = await walletsByName();
    for (const [i, activity] of pending.entries()) {
      expect(again[i]!.answer?.status, JSON.stringify(again[i]!.answer?.body)).toBe(200);
      const now = await stored(activity);
      expect(now.status).toBe("ACTIVITY_STATUS_COMPLETED");
      expect(now.votes.map((v) => v.userId).sort()).toEqual(
        [members.alice.userId, members.bob.userId].sort(),
      );
      expect(wallets.get(`Approved ${i}`)?.map((w) => w.walletId)).toEqual([
        now.result.createWalletResult?.walletId,
      ]);
    }
    console.log(
      `crash during approvals (${server.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${PENDING} votes sent, ` +
        `acknowledged ${acknowledged}, completed after the restart ${completed}, half-executed ${halfExecuted}, ` +
        `recovery ${recoveryMs} ms to a healthy /healthz`,
    );
  }, 90_000);
});

// Two processes on one database only exist with PostgreSQL (PGlite is one process's files).
if (process.env.DATABASE_URL) {
  describe("two server instances on one PostgreSQL database", () => {
    let peer: EmptyServer;
    beforeAll(async () => {
      peer = await startPeer(server);
    });
    afterAll(async () => peer?.stop());

    it("the same signed body sent to both at once makes one activity and one wallet", async () => {
      const bodies = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          signActivity(server.root, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", orgId(), {
            walletName: `Twin ${i}`,
            accounts: [],
          }),
        ),
      );
      const answers = await Promise.all(
        bodies.flatMap((body) => [server.baseUrl, peer.baseUrl].map((to) => send<ActivityAnswer>(to, body))),
      );
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const wallets = await walletsByName();
      for (let i = 0; i < bodies.length; i++) {
        const [first, second] = [answers[2 * i]!, answers[2 * i + 1]!];
        expect(second.body.activity.id).toBe(first.body.activity.id);
        expect(wallets.get(`Twin ${i}`)?.map((w) => w.walletId)).toEqual([
          first.body.activity.result.createWalletResult?.walletId,
        ]);
      }
    });

    it("two approvers' votes sent to the two instances at once execute the activity once", async () => {
      const pending: Activity[] = [];
      for (let i = 0; i < 6; i++) pending.push(await pendingWallet(`Raced ${i}`));
      const answers = await Promise.all(
        pending.map(async (activity) => {
          const [bob, carol] = await Promise.all([
            approval(members.bob, activity),
            approval(members.carol, activity),
          ]);
          return Promise.all([
            send<ActivityAnswer & { message?: string }>(server.baseUrl, bob),
            send<ActivityAnswer & { message?: string }>(peer.baseUrl, carol),
          ]);
        }),
      );
      const wallets = await walletsByName();
      for (const [i, pair] of answers.entries()) {
        // The first vote to lock the activity executes it; the other finds it no longer pending.
        const statuses = pair.map((a) => a.status).sort();
        expect(statuses, JSON.stringify(pair.map((a) => a.body))).toEqual([200, 400]);
        expect(pair.find((a) => a.status === 400)!.body.message).toMatch(
          /only activities awaiting consensus/,
        );
        const now = await stored(pending[i]!);
        expect(now.status).toBe("ACTIVITY_STATUS_COMPLETED");
        expect(now.votes).toHaveLength(2);
        expect(wallets.get(`Raced ${i}`)?.map((w) => w.walletId)).toEqual([
          now.result.createWalletResult?.walletId,
        ]);
      }
    });
  });
}
