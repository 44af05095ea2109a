import { verifyAppProofSignature } from "@turnkey/crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ETHEREUM_ACCOUNT } from "../../testing/accounts";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { webhookScene } from "../../webhooks/__tests__/webhook-scene";

/**
 * A signature that executes at once is decided and signed before anything is written, then
 * recorded with its vote, evaluation round and audit entries by the statement that commits it
 * (submit-folded.ts). What a user checks: the answer is the activity as stored, the same signed
 * body is one activity however it is resent, a refused execution leaves nothing, and every
 * submission that needs its row first (consensus, MFA, webhooks, app proofs) behaves as before.
 */
let t: TestApp;
let organizationId: string;
let userId: string;
let root: TestKey;
let ethereum: string;

// biome-ignore lint/suspicious/noExplicitAny: API bodies are read field by field, each read checked by an expect.
type Body = Record<string, any>;

async function newWallet(org: string, key: TestKey): Promise<{ walletId: string; address: string }> {
  const { walletId, addresses } = await t.newWallet(org, key, [ETHEREUM_ACCOUNT]);
  return { walletId, address: addresses[0]! };
}

const walletAddress = async (org: string, key: TestKey) => (await newWallet(org, key)).address;

let payloads = 0;
const signBody = (org: string, signWith: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    ...t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", org, {
      signWith,
      payload: `0x${(++payloads).toString(16).padStart(64, "0")}`,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_NO_OP",
    }),
    ...extra,
  });

/** POST a signed sign_raw_payload body as `key`. */
const submitSignature = (body: string, key: TestKey) => t.call<Body>("submit", "sign_raw_payload", body, key);

const roundTrips = async () =>
  (await t.app.metrics.roundTrips.get()).values.find((v) => v.labels.path === "/submit/sign_raw_payload")
    ?.value ?? 0;

/** Rows of `table` that belong to the activity (by activity_id), as the database holds them. */
async function rowsOf(table: "votes" | "policy_evaluations" | "audit_entries", activityId: string) {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where activity_id = ${activityId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

async function activitiesWithFingerprint(fingerprint: string) {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from activities where fingerprint = ${fingerprint}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  t = await startTestApp();
  ({ organizationId, userId, key: root } = await t.newOrganization());
  ethereum = await walletAddress(organizationId, root);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("a signature recorded by the statement that commits it", () => {
  it("answers the activity as stored, with its vote, evaluation round and audit entries", async () => {
    const before = await roundTrips();
    const signed = await submitSignature(signBody(organizationId, ethereum), root);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // PostgreSQL: the caller's lookup (which read the account ahead) and the append with its COMMIT;
    // PGlite begins and commits in round trips of their own.
    expect((await roundTrips()) - before).toBe(process.env.DATABASE_URL ? 2 : 4);
    const { activity } = signed.body;
    expect(activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(activity.result.signRawPayloadResult.r).toMatch(/^[0-9a-f]{64}$/);
    const read = await t.call<Body>(
      "query",
      "get_activity",
      { organizationId, activityId: activity.id },
      root,
    );
    expect(read.status).toBe(200);
    // The same bytes, key order included (jsonb orders an object's keys: payload before signWith).
    expect(JSON.stringify(read.body.activity)).toBe(JSON.stringify(activity));
    expect(Object.keys(activity.intent.signRawPayloadIntentV2)).toEqual([
      "payload",
      "encoding",
      "signWith",
      "hashFunction",
    ]);
    expect(activity.votes).toHaveLength(1);
    expect(activity.votes[0].userId).toBe(userId);
    expect(await rowsOf("votes", activity.id)).toBe(1);
    expect(await rowsOf("policy_evaluations", activity.id)).toBe(1);
    const chain = await t.call<Body>("query", "list_audit_chain", { organizationId }, root);
    const entries = chain.body.entries.filter((e: Body) => e.activityId === activity.id);
    expect(entries.map((e: Body) => e.kind)).toEqual(["VOTE", "EVALUATION", "ACTIVITY"]);
    expect(JSON.parse(entries[2].payload).status).toBe("ACTIVITY_STATUS_COMPLETED");
    // Consecutive: each entry's previousHash is the hash before it.
    expect(entries[1].previousHash).toBe(entries[0].hash);
    expect(entries[2].previousHash).toBe(entries[1].hash);
  });

  it("is one activity however the same signed body is resent: again, or many times at once", async () => {
    const body = signBody(organizationId, ethereum);
    const first = await submitSignature(body, root);
    const again = await submitSignature(body, root);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.activity.id).toBe(first.body.activity.id);
    expect(again.body.activity.result).toEqual(first.body.activity.result);

    const burst = signBody(organizationId, ethereum);
    const answers = await Promise.all(Array.from({ length: 6 }, () => submitSignature(burst, root)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const ids = new Set(answers.map((a) => a.body.activity.id));
    expect(ids.size).toBe(1);
    const signatures = new Set(answers.map((a) => JSON.stringify(a.body.activity.result)));
    expect(signatures.size).toBe(1);
    const fingerprint = answers[0]!.body.activity.fingerprint;
    expect(await activitiesWithFingerprint(fingerprint)).toBe(1);
    const [id] = [...ids];
    expect(await rowsOf("votes", id!)).toBe(1);
    expect(await rowsOf("audit_entries", id!)).toBe(3);
  });

  it("writes nothing when the execution refuses: an address that is no account of the organization", async () => {
    const chainLength = async () =>
      (await t.call<Body>("query", "list_audit_chain", { organizationId }, root)).body.headCheckpoint.seq;
    const before = await chainLength();
    const body = signBody(organizationId, `0x${"ab".repeat(20)}`);
    const refused = await submitSignature(body, root);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain("no wallet account address");
    const fingerprint = `sha256:${(await import("node:crypto")).createHash("sha256").update(body).digest("hex")}`;
    expect(await activitiesWithFingerprint(fingerprint)).toBe(0);
    expect(await chainLength()).toBe(before);
  });

  it("answers a resent body with its activity even when its signer is gone since", async () => {
    const org = await t.newOrganization("folded resend");
    const wallet = await newWallet(org.organizationId, org.key);
    const body = signBody(org.organizationId, wallet.address);
    const first = await submitSignature(body, org.key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const deleted = await t.call<Body>(
      "submit",
      "delete_wallets",
      t.activity("ACTIVITY_TYPE_DELETE_WALLETS", org.organizationId, {
        walletIds: [wallet.walletId],
        deleteWithoutExport: true,
      }),
      org.key,
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const again = await submitSignature(body, org.key);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.activity.id).toBe(first.body.activity.id);
    expect(again.body.activity.result).toEqual(first.body.activity.result);
    // A new body with that address is refused: the account is gone.
    const fresh = await submitSignature(signBody(org.organizationId, wallet.address), org.key);
    expect(fresh.status).toBe(404);
  });

  it("leaves an older account, whose first signature seals its key, to the path that records first", async () => {
    const org = await t.newOrganization("folded older account");
    const wallet = await newWallet(org.organizationId, org.key);
    const [account] = (
      (await t.app.db.execute(
        sql`select id from wallet_accounts where wallet_id = ${wallet.walletId}`,
      )) as unknown as { rows: { id: string }[] }
    ).rows;
    // An account made before keys were sealed per account has no sealed row of its own.
    await t.app.db.execute(sql`delete from sealed_secrets where id = ${account!.id}`);
    const before = await roundTrips();
    const signed = await submitSignature(signBody(org.organizationId, wallet.address), org.key);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    // Recorded first: the caller, the insert, the key sealed, the append (PGlite: BEGIN and COMMIT
    // apart). Recorded by its append it would be one fewer.
    expect((await roundTrips()) - before).toBe(process.env.DATABASE_URL ? 4 : 6);
    const sealed = await t.app.db.execute(
      sql`select count(*)::int as n from sealed_secrets where id = ${account!.id}`,
    );
    expect((sealed as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
  it("keeps the app proof a signed body asks for, signed over the activity as stored", async () => {
    const before = await roundTrips();
    const signed = await submitSignature(
      signBody(organizationId, ethereum, { generateAppProofs: true }),
      root,
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(signed.body.activity.appProofs).toHaveLength(1);
    // The proof is written before the append that records the activity: the caller, the proof, the
    // append, and the answer's read of its proofs (PGlite: BEGIN and COMMIT apart). Recorded first
    // it would be one more.
    expect((await roundTrips()) - before).toBe(process.env.DATABASE_URL ? 4 : 6);
    const read = await t.call<Body>(
      "query",
      "list_app_proofs",
      { organizationId, activityId: signed.body.activity.id },
      root,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.appProofs).toEqual(signed.body.activity.appProofs);
    const [proof] = signed.body.activity.appProofs;
    expect(() => verifyAppProofSignature(proof)).not.toThrow();
    expect(JSON.parse(proof.proofPayload)).toMatchObject({
      activityId: signed.body.activity.id,
      activityStatus: "ACTIVITY_STATUS_COMPLETED",
      fingerprint: signed.body.activity.fingerprint,
      result: signed.body.activity.result.signRawPayloadResult,
    });
  });
});

describe("a signature that needs its row first is recorded first, as before", () => {
  it("waits for consensus when a policy asks for it", async () => {
    const member = await t.newMember(organizationId, root, "folded-member");
    const policy = await t.call<Body>(
      "submit",
      "create_policy",
      t.activity("ACTIVITY_TYPE_CREATE_POLICY_V3", organizationId, {
        policyName: "member signs with two",
        effect: "EFFECT_ALLOW",
        condition: `activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'`,
        consensus: `approvers.any(user, user.id == '${member.userId}') && approvers.count() >= 2`,
        notes: "",
      }),
      root,
    );
    expect(policy.status, JSON.stringify(policy.body)).toBe(200);
    const held = await submitSignature(signBody(organizationId, ethereum), member.key);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    expect(held.body.activity.result?.signRawPayloadResult).toBeUndefined();
    const read = await t.call<Body>(
      "query",
      "get_activity",
      { organizationId, activityId: held.body.activity.id },
      root,
    );
    expect(read.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const deleted = await t.call<Body>(
      "submit",
      "delete_policy",
      t.activity("ACTIVITY_TYPE_DELETE_POLICY", organizationId, {
        policyId: policy.body.activity.result.createPolicyResult.policyId,
      }),
      root,
    );
    expect(deleted.status).toBe(200);
  });

  it("is held by the signer's MFA policy", async () => {
    const org = await t.newOrganization("folded MFA");
    const address = await walletAddress(org.organizationId, org.key);
    const mfa = await t.call<Body>(
      "submit",
      "create_mfa_policy",
      t.activity("ACTIVITY_TYPE_CREATE_MFA_POLICY", org.organizationId, {
        userId: org.userId,
        mfaPolicyName: "signatures need a passkey too",
        condition: "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2'",
        requiredAuthenticationMethods: [{ any: [{ type: "AUTHENTICATION_TYPE_PASSKEY" }] }],
        order: 0,
      }),
      org.key,
    );
    expect(mfa.status, JSON.stringify(mfa.body)).toBe(200);
    const held = await submitSignature(signBody(org.organizationId, address), org.key);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
  });

  it("queues its status event for a listening webhook endpoint", async () => {
    const scene = await webhookScene(t);
    const address = await walletAddress(scene.organizationId, scene.key);
    const endpoint = await scene.submit("create_webhook_endpoint", "ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT", {
      url: "https://93.184.215.14/hook",
      name: "Signatures",
      subscriptions: [{ eventType: "ACTIVITY_UPDATES" }],
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const signed = await submitSignature(signBody(scene.organizationId, address), scene.key);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const { activity } = signed.body;
    expect(activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const events = await t.app.db.execute(
      sql`select body from webhook_deliveries where organization_id = ${scene.organizationId} and event_type = 'ACTIVITY_UPDATES'`,
    );
    const bodies = (events as unknown as { rows: { body: string }[] }).rows.map((r) => r.body);
    expect(bodies.some((b) => b.includes(activity.id) && b.includes("ACTIVITY_STATUS_COMPLETED"))).toBe(true);
  });
});
