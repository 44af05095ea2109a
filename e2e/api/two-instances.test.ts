import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allActivities } from "../support/crash";
import { RoundRobin } from "../support/round-robin";
import {
  type EmptyServer,
  freePort,
  type RunningServer,
  startInstances,
  startServer,
} from "../support/server";
import {
  type Answer,
  type ApiKey,
  query,
  type SignedRequest,
  send,
  sign,
  signActivity,
} from "../support/signed";

/**
 * Two `latchkey start` processes on one PostgreSQL database behind a round-robin client, as
 * docs/scaling.md promises they may run: what a user sees must not depend on which instance answers
 * — one activity per signed body, one execution per activity, a change made through one instance
 * enforced by the other on its next request, one rate-limit budget. PGlite is one process's database:
 * there the guarantee is the other way round, a second instance on the same data directory is refused.
 */

interface Activity {
  id: string;
  fingerprint: string;
  status: string;
  result: { createWalletResult?: { walletId: string } };
  votes: { userId: string }[];
}
type ActivityAnswer = { activity: Activity; message?: string };
type Member = ApiKey & { userId: string };

const ROOT = path.resolve(import.meta.dirname, "../..");
const TWINS = 20;
const RACED_VOTES = 10;
/** Queries per credential per window, small enough for one burst to spend (root stays well under it). */
const QUERY_BUDGET = 60;
const WINDOW_SECONDS = 3600;
const TAGS = "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'";

const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const elapsed = (since: number) => `${Math.round(performance.now() - since)} ms`;

if (process.env.DATABASE_URL) {
  describe("two `latchkey start` instances on one PostgreSQL database, behind a round-robin client", () => {
    let a: RunningServer;
    let b: EmptyServer;
    let lb: RoundRobin;
    const members = {} as Record<"alice" | "bob" | "carol" | "dave", Member>;
    const orgId = () => a.root.organizationId;

    /** An activity that must be answered 200, sent to `to`. */
    async function done(to: string, by: ApiKey, pathName: string, type: string, parameters: object) {
      const answer = await send<ActivityAnswer>(
        to,
        await signActivity(by, pathName, type, orgId(), parameters),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.activity;
    }
    const byRoot = (to: string, pathName: string, type: string, parameters: object) =>
      done(to, a.root, pathName, type, parameters);

    const walletNames = async (on: string) =>
      Map.groupBy(
        (
          await query<{ wallets: { walletId: string; walletName: string }[] }>(on, a.root, "list_wallets", {
            organizationId: orgId(),
          })
        ).wallets,
        (w) => w.walletName,
      );
    const stored = async (on: string, activityId: string) =>
      (await query<ActivityAnswer>(on, a.root, "get_activity", { organizationId: orgId(), activityId }))
        .activity;

    beforeAll(async () => {
      const started = performance.now();
      [a, b] = (await startInstances(2, {
        command: "latchkey start",
        env: {
          LATCHKEY_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS),
          LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY: String(QUERY_BUDGET),
        },
      })) as [RunningServer, EmptyServer];
      lb = new RoundRobin([a.baseUrl, b.baseUrl]);
      const users = (["alice", "bob", "carol", "dave"] as const).map((userName) => ({
        userName,
        ...generateP256KeyPair(),
      }));
      const created = await byRoot(a.baseUrl, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
        users: users.map((u) => ({
          userName: u.userName,
          apiKeys: [{ apiKeyName: u.userName, publicKey: u.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        })),
      });
      const ids = (created.result as unknown as { createUsersResult: { userIds: string[] } })
        .createUsersResult.userIds;
      users.forEach((u, i) => {
        members[u.userName] = { publicKey: u.publicKey, privateKey: u.privateKey, userId: ids[i]! };
      });
      await byRoot(b.baseUrl, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
        policyName: "wallets need two approvers",
        effect: "EFFECT_ALLOW",
        condition: "activity.type == 'ACTIVITY_TYPE_CREATE_WALLET'",
        consensus: "approvers.count() >= 2",
        notes: "",
      });
      console.log(
        `two instances (${database}): both healthy and the organization set up in ${elapsed(started)}`,
      );
    }, 120_000);
    afterAll(async () => {
      await b?.stop();
      await a?.stop();
    });

    it("the same signed body sent to both instances at the same moment is one activity, executed once", async () => {
      const started = performance.now();
      const walletsBefore = (await allActivities(a.baseUrl, a.root, orgId())).filter(
        (x) => x.type === "ACTIVITY_TYPE_CREATE_WALLET",
      ).length;
      const rounds: { answers: Answer<ActivityAnswer>[]; walletName: string }[] = [];
      for (let i = 0; i < TWINS; i++) {
        const walletName = `Twin ${i}`;
        const body = await signActivity(a.root, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", orgId(), {
          walletName,
          accounts: [],
        });
        rounds.push({ answers: await lb.toEach<ActivityAnswer>(body), walletName });
      }
      const wallets = await walletNames(b.baseUrl);
      const listed = (await allActivities(b.baseUrl, a.root, orgId())).filter(
        (x) => x.type === "ACTIVITY_TYPE_CREATE_WALLET",
      );
      for (const { answers, walletName } of rounds) {
        for (const answer of answers) {
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
        }
        const [first, second] = answers.map((x) => x.body.activity);
        expect(second!.id).toBe(first!.id);
        expect(second!.result).toEqual(first!.result);
        expect(wallets.get(walletName)?.map((w) => w.walletId)).toEqual([
          first!.result.createWalletResult?.walletId,
        ]);
        expect(listed.filter((x) => x.id === first!.id)).toHaveLength(1);
      }
      expect(listed).toHaveLength(walletsBefore + TWINS);
      console.log(
        `two instances (${database}): ${TWINS} bodies each sent to both at once in ${elapsed(started)}`,
      );
    });

    it("two approvals sent to the two instances at once execute the activity exactly once", async () => {
      const started = performance.now();
      const outcomes: { activity: Activity; answers: Answer<ActivityAnswer>[] }[] = [];
      for (let i = 0; i < RACED_VOTES; i++) {
        const activity = await done(
          lb.next(),
          members.alice,
          "create_wallet",
          "ACTIVITY_TYPE_CREATE_WALLET",
          {
            walletName: `Raced ${i}`,
            accounts: [],
          },
        );
        expect(activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
        const vote = (by: ApiKey) =>
          signActivity(by, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", orgId(), {
            fingerprint: activity.fingerprint,
          });
        const [bob, carol] = await Promise.all([vote(members.bob), vote(members.carol)]);
        // Bob's vote to one instance and Carol's to the other, alternating which goes where.
        const [toBob, toCarol] = i % 2 === 0 ? [a.baseUrl, b.baseUrl] : [b.baseUrl, a.baseUrl];
        const answers = await Promise.all([
          send<ActivityAnswer>(toBob, bob),
          send<ActivityAnswer>(toCarol, carol),
        ]);
        outcomes.push({ activity, answers });
      }
      const wallets = await walletNames(a.baseUrl);
      for (const [i, { activity, answers }] of outcomes.entries()) {
        // The vote that locks the pending activity first executes it; the other finds it decided.
        expect(answers.map((x) => x.status).sort(), JSON.stringify(answers.map((x) => x.body))).toEqual([
          200, 400,
        ]);
        expect(answers.find((x) => x.status === 400)!.body.message).toMatch(
          /only activities awaiting consensus/,
        );
        const onA = await stored(a.baseUrl, activity.id);
        const onB = await stored(b.baseUrl, activity.id);
        expect(onA.status).toBe("ACTIVITY_STATUS_COMPLETED");
        expect(onB).toEqual(onA);
        expect(onA.votes).toHaveLength(2);
        expect(wallets.get(`Raced ${i}`)?.map((w) => w.walletId)).toEqual([
          onA.result.createWalletResult?.walletId,
        ]);
      }
      console.log(
        `two instances (${database}): ${RACED_VOTES} pairs of raced approvals in ${elapsed(started)}`,
      );
    });

    describe("a change made through instance A decides the very next request at instance B", () => {
      const tag = (to: string, by: ApiKey) =>
        signActivity(by, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", orgId(), {
          privateKeyTagName: `tag-${crypto.randomUUID()}`,
          privateKeyIds: [],
        }).then((body) => send<ActivityAnswer>(to, body));
      const whoami = async (to: string, by: ApiKey) =>
        send(to, await sign(by, "/public/v1/query/whoami", { organizationId: orgId() }));

      it("policies: an ALLOW, then a DENY created and deleted through A", async () => {
        expect((await tag(b.baseUrl, members.alice)).status).toBe(403); // B caches "no policy"
        const policy = async (effect: string) =>
          (
            (
              await byRoot(a.baseUrl, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
                policyName: `${effect} tags`,
                effect,
                condition: TAGS,
                notes: "",
              })
            ).result as unknown as { createPolicyResult: { policyId: string } }
          ).createPolicyResult.policyId;
        await policy("EFFECT_ALLOW");
        const allowed = await tag(b.baseUrl, members.alice);
        expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
        expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");

        const deny = await policy("EFFECT_DENY");
        const denied = await tag(b.baseUrl, members.alice);
        expect(denied.status).toBe(403);
        expect(denied.body.message).toContain(deny);

        await byRoot(a.baseUrl, "delete_policy", "ACTIVITY_TYPE_DELETE_POLICY", { policyId: deny });
        expect((await tag(b.baseUrl, members.alice)).body.activity?.status).toBe("ACTIVITY_STATUS_COMPLETED");
      });

      it("API keys: a key deleted through A is refused at B", async () => {
        const spare = generateP256KeyPair();
        const created = await byRoot(a.baseUrl, "create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", {
          userId: members.dave.userId,
          apiKeys: [{ apiKeyName: "spare", publicKey: spare.publicKey, curveType: "API_KEY_CURVE_P256" }],
        });
        const [apiKeyId] = (created.result as unknown as { createApiKeysResult: { apiKeyIds: string[] } })
          .createApiKeysResult.apiKeyIds;
        expect((await whoami(b.baseUrl, spare)).status).toBe(200);
        await byRoot(a.baseUrl, "delete_api_keys", "ACTIVITY_TYPE_DELETE_API_KEYS", {
          userId: members.dave.userId,
          apiKeyIds: [apiKeyId],
        });
        const refused = await whoami(b.baseUrl, spare);
        expect(refused.status, JSON.stringify(refused.body)).toBe(401);
        expect(JSON.stringify(refused.body)).toContain("PUBLIC_KEY_NOT_FOUND");
      });

      it("IP allowlists: Alice's key limited to another network through A is refused at B, and let in again", async () => {
        expect((await whoami(b.baseUrl, members.alice)).status).toBe(200);
        await byRoot(a.baseUrl, "set_ip_allowlist", "ACTIVITY_TYPE_SET_IP_ALLOWLIST", {
          publicKey: members.alice.publicKey,
          rules: [{ cidr: "203.0.113.0/24", label: "the office" }],
        });
        const refused = await whoami(b.baseUrl, members.alice);
        expect(refused.status, JSON.stringify(refused.body)).toBe(403);
        expect(JSON.stringify(refused.body)).toMatch(/allowlist/i);
        await byRoot(a.baseUrl, "remove_ip_allowlist", "ACTIVITY_TYPE_REMOVE_IP_ALLOWLIST", {
          publicKey: members.alice.publicKey,
        });
        expect((await whoami(b.baseUrl, members.alice)).status).toBe(200);
      });

      it("MFA policies: one created through A holds Carol's next submission at B; deleted, it no longer does", async () => {
        const carol = members.carol;
        const carolsTag = () => tag(b.baseUrl, carol).then((x) => x.body.activity?.status);
        expect(await carolsTag()).toBe("ACTIVITY_STATUS_COMPLETED"); // the ALLOW tags policy above
        const created = await byRoot(a.baseUrl, "create_mfa_policy", "ACTIVITY_TYPE_CREATE_MFA_POLICY", {
          mfaPolicyName: "tags need a second factor",
          condition: TAGS,
          order: 0,
          userId: carol.userId,
          requiredAuthenticationMethods: [
            { any: [{ type: "AUTHENTICATION_TYPE_API_KEY" }] },
            { any: [{ type: "AUTHENTICATION_TYPE_PASSKEY" }] },
          ],
        });
        expect(await carolsTag()).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
        const { mfaPolicyId } = (
          created.result as unknown as { createMfaPolicyResult: { mfaPolicyId: string } }
        ).createMfaPolicyResult;
        await byRoot(a.baseUrl, "delete_mfa_policy", "ACTIVITY_TYPE_DELETE_MFA_POLICY", {
          userId: carol.userId,
          mfaPolicyId,
        });
        expect(await carolsTag()).toBe("ACTIVITY_STATUS_COMPLETED");
      });
    });

    it("rate limits: requests spread over both instances spend one budget", async () => {
      // Fixed windows: a burst that straddled two would get two budgets, so start in a fresh one.
      const left = WINDOW_SECONDS * 1000 - (Date.now() % (WINDOW_SECONDS * 1000));
      if (left < 15_000) await new Promise((r) => setTimeout(r, left + 500));
      const started = performance.now();
      const requests: SignedRequest[] = await Promise.all(
        Array.from({ length: 2 * QUERY_BUDGET }, () =>
          sign(members.dave, "/public/v1/query/whoami", { organizationId: orgId() }),
        ),
      );
      const answers = await Promise.all(requests.map((request) => lb.send(request)));
      const served = (status: number, baseUrl: string) =>
        answers.filter((x) => x.status === status && x.baseUrl === baseUrl).length;
      // Each instance got half the burst; with a budget each, every request would have passed.
      expect(answers.filter((x) => x.status === 200)).toHaveLength(QUERY_BUDGET);
      expect(answers.filter((x) => x.status === 429)).toHaveLength(QUERY_BUDGET);
      for (const baseUrl of lb.baseUrls)
        expect(served(200, baseUrl) + served(429, baseUrl)).toBe(QUERY_BUDGET);
      expect((answers.find((x) => x.status === 429)!.body as { message: string }).message).toMatch(
        new RegExp(`^rate limit exceeded: at most ${QUERY_BUDGET} queries per ${WINDOW_SECONDS} s`),
      );
      console.log(
        `two instances (${database}): ${answers.length} queries round-robin, ${QUERY_BUDGET} served ` +
          `(A ${served(200, a.baseUrl)}, B ${served(200, b.baseUrl)}) in ${elapsed(started)}`,
      );
    });
  });
} else {
  describe("PGlite: one instance per data directory", () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ command: "latchkey start" });
    });
    afterAll(async () => server?.stop());

    it("a second `latchkey start` on the same data directory is refused, naming the process that holds it", async () => {
      const started = performance.now();
      const lockFile = path.join(server.dataDir, "latchkey.lock");
      const lockBefore = fs.readFileSync(lockFile, "utf8");
      const second = spawn(process.execPath, [path.join(ROOT, "server/cli/bin.mjs"), "start"], {
        cwd: ROOT,
        env: { ...server.env, PORT: String(await freePort()) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      second.stdout.on("data", (d) => (output += String(d)));
      second.stderr.on("data", (d) => (output += String(d)));
      const code = await new Promise<number | null>((resolve) => second.once("exit", resolve));
      expect(code, output).toBe(1);
      expect(output).toContain(`the data directory ${server.dataDir} is in use by process ${server.pid()}`);
      expect(output).toContain("PGlite allows one process per data directory");
      // The refused process left the lock to its owner, which still serves.
      expect(fs.readFileSync(lockFile, "utf8")).toBe(lockBefore);
      const whoami = await query<{ organizationId: string }>(server.baseUrl, server.root, "whoami", {
        organizationId: server.root.organizationId,
      });
      expect(whoami.organizationId).toBe(server.root.organizationId);
      console.log(`two instances (${database}): the second was refused in ${elapsed(started)}`);
    });
  });
}
