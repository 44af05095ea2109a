import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditVerifyCommand } from "../../cli/audit-verify";
import { auditChainHeads, auditEntries, votes } from "../../db/schema";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { serveOverHttp } from "../../testing/http-in-process";
import { chainHash } from "../entries";

/**
 * Votes in the chain: an activity that waits for a second root, is approved, another that is
 * rejected; and a rewrite of the chain by someone without the voters' keys, hashes recomputed.
 */
let t: TestApp;
let http: Awaited<ReturnType<typeof serveOverHttp>>;
let organizationId: string;
let alice: TestKey;
const bob = newApiKey();

type Activity = {
  activity: {
    id: string;
    status: string;
    fingerprint: string;
    result: Record<string, { userIds?: string[] }>;
  };
};
const submit = (by: TestKey, path: string, type: string, parameters: unknown) =>
  t.call<Activity>("submit", path, t.activity(type, organizationId, parameters), by);
const rename = (organizationName: string) =>
  submit(alice, "update_organization_name", "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", { organizationName });

async function verify(): Promise<Record<string, unknown>> {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    const flags = new Map<string, string | true>([
      ["organization-id", organizationId],
      ["url", http.baseUrl],
      ["public-key", t.app.serverKey.publicKeyHex],
    ]);
    const code = await auditVerifyCommand(flags, { LATCHKEY_API_PRIVATE_KEY: alice.privateKey });
    return { code, ...JSON.parse(lines.join("")) };
  } finally {
    write.mockRestore();
  }
}

beforeAll(async () => {
  t = await startTestApp();
  http = await serveOverHttp(t);
  const org = await t.newOrganization("Voting");
  ({ organizationId, key: alice } = org);
  const created = await submit(alice, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      {
        userName: "bob",
        apiKeys: [{ apiKeyName: "bob", publicKey: bob.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  const bobId = created.body.activity.result.createUsersResult!.userIds![0]!;
  const quorum = await submit(alice, "update_root_quorum", "ACTIVITY_TYPE_UPDATE_ROOT_QUORUM", {
    threshold: 2,
    userIds: [org.userId, bobId],
  });
  expect(quorum.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await http?.close();
  await t?.close();
});

describe("audit chain with votes", () => {
  it("records each vote, its round and the activity's new state; the chain verifies", async () => {
    const approved = await rename("Approved Name");
    expect(approved.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const fingerprint = approved.body.activity.fingerprint;
    const yes = await submit(bob, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", { fingerprint });
    expect(yes.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const rejected = await rename("Rejected Name");
    const no = await submit(bob, "reject_activity", "ACTIVITY_TYPE_REJECT_ACTIVITY", {
      fingerprint: rejected.body.activity.fingerprint,
    });
    expect(no.body.activity.status).toBe("ACTIVITY_STATUS_REJECTED");

    const rows = await t.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.activityId, approved.body.activity.id))
      .orderBy(asc(auditEntries.seq));
    expect(rows.map((r) => r.kind)).toEqual([
      "VOTE",
      "EVALUATION",
      "ACTIVITY",
      "VOTE",
      "EVALUATION",
      "ACTIVITY",
    ]);
    expect(rows.filter((r) => r.kind === "ACTIVITY").map((r) => JSON.parse(r.payload).status)).toEqual([
      "ACTIVITY_STATUS_CONSENSUS_NEEDED",
      "ACTIVITY_STATUS_COMPLETED",
    ]);
    // Six stamped requests: create_users, update_root_quorum, two renames, the approval, the rejection.
    expect(await verify()).toMatchObject({ code: 0, ok: true, stamps: 6 });
  }, 120_000);

  it("names a vote edited in the votes table", async () => {
    const [approval] = await t.app.db
      .select()
      .from(votes)
      .where(eq(votes.organizationId, organizationId))
      .orderBy(asc(votes.id))
      .offset(3)
      .limit(1);
    expect(approval!.message).toContain("ACTIVITY_TYPE_APPROVE_ACTIVITY");
    await t.app.db
      .update(votes)
      .set({ selection: "VOTE_SELECTION_REJECTED" })
      .where(eq(votes.id, approval!.id));
    const [entry] = await t.app.db.select().from(auditEntries).where(eq(auditEntries.recordId, approval!.id));
    expect(await verify()).toMatchObject({
      code: 1,
      ok: false,
      kind: "VOTE",
      recordId: approval!.id,
      seq: String(entry!.seq),
    });
    await t.app.db.update(votes).set({ selection: approval!.selection }).where(eq(votes.id, approval!.id));
    expect(await verify()).toMatchObject({ code: 0, ok: true });
  }, 120_000);

  it("names a vote turned around by a rewrite that recomputed every hash after it", async () => {
    const entries = await t.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, organizationId))
      .orderBy(asc(auditEntries.seq));
    const rejection = entries
      .filter((e) => e.kind === "VOTE" && e.payload.includes("VOTE_SELECTION_REJECTED"))
      .at(-1)!;
    let previous = rejection.previousHash;
    for (const entry of entries.filter((e) => e.seq >= rejection.seq)) {
      const payload =
        entry.seq === rejection.seq
          ? entry.payload.replace("VOTE_SELECTION_REJECTED", "VOTE_SELECTION_APPROVED")
          : entry.payload;
      const hash = chainHash(previous, payload);
      await t.app.db
        .update(auditEntries)
        .set({ payload, previousHash: previous, hash })
        .where(and(eq(auditEntries.organizationId, organizationId), eq(auditEntries.seq, entry.seq)));
      previous = hash;
    }
    await t.app.db
      .update(auditChainHeads)
      .set({ hash: previous })
      .where(eq(auditChainHeads.organizationId, organizationId));
    expect(await verify()).toMatchObject({
      code: 1,
      ok: false,
      seq: String(rejection.seq),
      kind: "VOTE",
      reason: "the vote's selection is not what its signed request asked",
    });
  }, 120_000);
});
