import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditVerifyCommand } from "../../cli/audit-verify";
import { main } from "../../cli/main";
import { AUDIT_CHECKPOINT_EVERY } from "../../crypto/audit-checkpoint";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { serveOverHttp } from "../../testing/http-in-process";
import { softAuthenticator } from "../../testing/soft-authenticator";

/**
 * The audit chain end to end: activities submitted over the API land in the chain, `latchkey audit
 * verify` recomputes it over real HTTP, and a row edited directly in the database is named.
 */
let t: TestApp;
let http: Awaited<ReturnType<typeof serveOverHttp>>;
let organizationId: string;
let rootUserId: string;
let root: TestKey;
let ethereum: string;
let payloads = 0;

function signRaw(key: TestKey, signWith = ethereum) {
  return t.call(
    "submit",
    "sign_raw_payload",
    t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId, {
      signWith,
      payload: `0x${(++payloads).toString(16).padStart(64, "0")}`,
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_NO_OP",
    }),
    key,
  );
}

/** Run `latchkey audit verify` against the test server; its exit code and its one JSON line. */
async function verify(): Promise<{ code: number; report: Record<string, unknown> }> {
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
    const code = await auditVerifyCommand(flags, { LATCHKEY_API_PRIVATE_KEY: root.privateKey });
    return { code, report: JSON.parse(lines.join("")) };
  } finally {
    write.mockRestore();
  }
}

const head = async () =>
  (await t.call<{ headCheckpoint: { seq: string } }>("query", "list_audit_chain", { organizationId }, root))
    .body.headCheckpoint.seq;

beforeAll(async () => {
  t = await startTestApp();
  http = await serveOverHttp(t);
  ({ organizationId, userId: rootUserId, key: root } = await t.newOrganization());
  const wallet = await t.call(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", organizationId, {
      walletName: "audited",
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
  expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
  ethereum = (wallet.body as { activity: { result: { createWalletResult: { addresses: string[] } } } })
    .activity.result.createWalletResult.addresses[0]!;
}, 120_000);

afterAll(async () => {
  await http?.close();
  await t?.close();
});

describe("audit chain", () => {
  it("verifies a busy organization's chain, concurrent submissions included", async () => {
    const denyAll = await t.call(
      "submit",
      "create_policy",
      t.activity("ACTIVITY_TYPE_CREATE_POLICY_V3", organizationId, {
        policyName: "no text payloads",
        effect: "EFFECT_DENY",
        condition:
          "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' && activity.params.encoding == 'PAYLOAD_ENCODING_TEXT_UTF8'",
        notes: "",
      }),
      root,
    );
    expect(denyAll.status, JSON.stringify(denyAll.body)).toBe(200);
    const denied = await t.call(
      "submit",
      "sign_raw_payload",
      t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId, {
        signWith: ethereum,
        payload: "refused",
        encoding: "PAYLOAD_ENCODING_TEXT_UTF8",
        hashFunction: "HASH_FUNCTION_SHA256",
      }),
      root,
    );
    // The root quorum decides alone: the policy is recorded in the round, the activity completes.
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    // A passkey's stamp is in the chain too, checked against the key registered for it.
    const passkey = softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! });
    const challenge = "audit-chain-challenge";
    const registered = await t.call(
      "submit",
      "create_authenticators",
      t.activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", organizationId, {
        userId: rootUserId,
        authenticators: [
          { authenticatorName: "Laptop", challenge, attestation: passkey.register(challenge) },
        ],
      }),
      root,
    );
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const passkeyBody = JSON.stringify(
      t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId, {
        signWith: ethereum,
        payload: `0x${"ab".repeat(32)}`,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      }),
    );
    const byPasskey = await t.call("submit", "sign_raw_payload", passkeyBody, {
      headers: passkey.stamp(passkeyBody),
    });
    expect(byPasskey.status, JSON.stringify(byPasskey.body)).toBe(200);
    // Enough concurrent entries (3 per submission) to cross a signed checkpoint.
    const batch = await Promise.all(Array.from({ length: 24 }, () => signRaw(root)));
    expect(batch.map((r) => r.status)).toEqual(batch.map(() => 200));

    const { code, report } = await verify();
    expect(report).toMatchObject({ ok: true });
    expect(code).toBe(0);
    // bootstrap 1 + create_wallet, create_policy, text payload, create_authenticators, passkey: 3 each + 24 × 3
    expect(report.entries).toBe(1 + 5 * 3 + 72);
    // Every vote's stamp (the submitters' included): 5 + 24, the passkey's among them.
    expect(report.stamps).toBe(29);
    expect(report.checkpoints).toBe(Math.floor(88 / AUDIT_CHECKPOINT_EVERY) + 1);
  }, 120_000);

  it("pages by sequence number, each page with the checkpoints it reaches", async () => {
    type Page = {
      entries: { seq: string }[];
      checkpoints: { seq: string }[];
      headCheckpoint: { seq: string };
    };
    const read = (paginationOptions: object) =>
      t.call<Page>("query", "list_audit_chain", { organizationId, paginationOptions }, root);
    const seqs: string[] = [];
    const checkpoints: string[] = [];
    for (let after = "0"; ; ) {
      const page = (await read({ limit: "10", after })).body;
      seqs.push(...page.entries.map((e) => e.seq));
      checkpoints.push(...page.checkpoints.map((c) => c.seq));
      if (page.entries.length < 10) break;
      after = page.entries.at(-1)!.seq;
    }
    const last = Number((await read({})).body.headCheckpoint.seq);
    expect(seqs).toEqual(Array.from({ length: last }, (_, i) => String(i + 1)));
    expect(checkpoints).toEqual([String(AUDIT_CHECKPOINT_EVERY)]);
    const bad = await t.call<{ message: string }>(
      "query",
      "list_audit_chain",
      { organizationId, paginationOptions: { after: "the beginning" } },
      root,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("paginationOptions.after");
  }, 60_000);

  it("refuses to run without an organization or a usable API key, saying which", async () => {
    const errors: string[] = [];
    const write = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      errors.push(String(chunk));
      return true;
    });
    try {
      expect(await main(["audit", "verify", "--url", http.baseUrl])).toBe(2);
      expect(errors.join("")).toContain("--organization-id <value> is required");
      errors.length = 0;
      const saved = process.env.LATCHKEY_API_PRIVATE_KEY;
      process.env.LATCHKEY_API_PRIVATE_KEY = "not-a-key";
      try {
        expect(
          await main(["audit", "verify", "--organization-id", organizationId, "--url", http.baseUrl]),
        ).toBe(2);
      } finally {
        if (saved === undefined) delete process.env.LATCHKEY_API_PRIVATE_KEY;
        else process.env.LATCHKEY_API_PRIVATE_KEY = saved;
      }
      expect(errors.join("")).toContain("LATCHKEY_API_PRIVATE_KEY must hold the P-256 private key");
    } finally {
      write.mockRestore();
    }
  });

  it("leaves no entry for a submission that rolled back", async () => {
    const before = await head();
    const refused = await signRaw(root, "0x000000000000000000000000000000000000dEaD");
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(await head()).toBe(before);
  }, 60_000);

  it("names the entry whose row was edited in the database", async () => {
    const [target] = (await t.app.db
      .execute(
        sql`select seq, payload from audit_entries where organization_id = ${organizationId} and kind = 'VOTE' order by seq limit 1 offset 3`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as {
      seq: string;
      payload: string;
    }[];
    const edited = target!.payload.replace("VOTE_SELECTION_APPROVED", "VOTE_SELECTION_REJECTED");
    await t.app.db.execute(
      sql`update audit_entries set payload = ${edited} where organization_id = ${organizationId} and seq = ${target!.seq}`,
    );
    const { code, report } = await verify();
    expect(code).toBe(1);
    expect(report).toMatchObject({ ok: false, seq: String(target!.seq), kind: "VOTE" });
    expect(String(report.reason)).toContain("hash does not match");
    await t.app.db.execute(
      sql`update audit_entries set payload = ${target!.payload} where organization_id = ${organizationId} and seq = ${target!.seq}`,
    );
    expect((await verify()).code).toBe(0);
  }, 60_000);

  it("names the activity whose result was edited in its own table", async () => {
    const rows = (await t.app.db
      .execute(
        sql`select id from activities where organization_id = ${organizationId} and type = 'ACTIVITY_TYPE_CREATE_WALLET'`,
      )
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { id: string }[];
    const walletActivity = rows[0]!.id;
    await t.app.db.execute(
      sql`update activities set result = jsonb_set(result, '{addresses,0}', '"0x0000000000000000000000000000000000000001"') where id = ${walletActivity}`,
    );
    const { code, report } = await verify();
    expect(code).toBe(1);
    expect(report).toMatchObject({ ok: false, kind: "ACTIVITY", recordId: walletActivity });
    expect(Number(report.seq)).toBe(4);
  }, 60_000);
});
