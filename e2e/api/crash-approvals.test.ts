import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { burst } from "../support/crash";
import { type RunningServer, startServer } from "../support/server";
import { type ApiKey, query, type SignedRequest, send, signActivity } from "../support/signed";

/**
 * Votes and crashes: approvals in flight when the server is killed leave no activity half-executed,
 * and sending them again completes each exactly once. (Two instances racing over the same body or
 * over two approvals: two-instances.test.ts.)
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
const members: Record<"alice" | "bob", ApiKey & { userId: string }> = {} as never;

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
  const users = (["alice", "bob"] as const).map((userName) => ({
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
