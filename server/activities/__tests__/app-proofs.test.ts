import { spawnSync } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateP256KeyPair, verifyAppProofSignature } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity, TAppProof } from "@/lib/api/activity";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { wantsAppProofs } from "../app-proofs";

/**
 * App proofs (generateAppProofs): each is checked three ways — by an implementation written here
 * from docs/app-proofs.md with node:crypto alone, by `latchkey verify-proof` as a user runs it, and
 * by @turnkey/crypto's verifyAppProofSignature, as the reference's clients check one.
 */

const ROOT = path.resolve(import.meta.dirname, "../../..");
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Proofs");
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-proofs-"));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Body = { activity: TActivity; message?: string };

async function submitWithProofs(path: string, type: string, parameters: unknown, proofs = true) {
  const body = {
    ...t.activity(type, org.organizationId, parameters),
    ...(proofs ? { generateAppProofs: true } : {}),
  };
  const res = await t.call<Body>("submit", path, body, org.key);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.activity;
}

const createWallet = (walletName: string, proofs = true) =>
  submitWithProofs(
    "create_wallet",
    "ACTIVITY_TYPE_CREATE_WALLET",
    {
      walletName,
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    },
    proofs,
  );

/** docs/app-proofs.md, step by step, with node:crypto only (the key through its SPKI DER form). */
function independentlyVerify(proof: TAppProof, pinnedHex: string): Record<string, unknown> {
  if (proof.scheme !== "SIGNATURE_SCHEME_EPHEMERAL_KEY_P256") throw new Error("scheme");
  const publicKey = Buffer.from(proof.publicKey, "hex");
  if (publicKey.length !== 130) throw new Error("publicKey length");
  const signingKey = publicKey.subarray(65);
  if (signingKey.toString("hex") !== pinnedHex.toLowerCase()) throw new Error("not the pinned key");
  const spkiPrefix = Buffer.from("3059301306072a8648ce3d020106082a8648ce3d030107034200", "hex");
  const key = createPublicKey({ key: Buffer.concat([spkiPrefix, signingKey]), format: "der", type: "spki" });
  const signature = Buffer.from(proof.signature, "hex");
  if (signature.length !== 64) throw new Error("signature length");
  const ok = verify(
    "sha256",
    Buffer.from(proof.proofPayload, "utf8"),
    { key, dsaEncoding: "ieee-p1363" },
    signature,
  );
  if (!ok) throw new Error("bad signature");
  return JSON.parse(proof.proofPayload);
}

/** Sorted-keys JSON, written here again from the document rather than imported. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function cli(file: string, publicKey: string) {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, "server/cli/bin.mjs"), "verify-proof", file, "--public-key", publicKey],
    { encoding: "utf8", cwd: ROOT },
  );
  return {
    status: run.status,
    lines: run.stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  };
}

describe("whether a signed body asks for proofs", () => {
  it("reads the flag however JSON spells its key, and only a true one", () => {
    const wants = (requestBody: string) => wantsAppProofs({ requestBody });
    expect(wants('{"type":"ACTIVITY_TYPE_CREATE_WALLET","generateAppProofs":true}')).toBe(true);
    expect(wants('{"type":"ACTIVITY_TYPE_CREATE_WALLET","generateApp\\u0050roofs":true}')).toBe(true);
    expect(wants('{"type":"ACTIVITY_TYPE_CREATE_WALLET","generateAppProofs":"true"}')).toBe(false);
    expect(wants('{"type":"ACTIVITY_TYPE_CREATE_WALLET","note":"generateAppProofs"}')).toBe(false);
    expect(wants('{"type":"ACTIVITY_TYPE_CREATE_WALLET"}')).toBe(false);
  });
});

describe("generateAppProofs", () => {
  let activity: TActivity;
  beforeAll(async () => {
    activity = await createWallet("Proven");
  });

  it("a completed activity carries a proof of what it did, signed by the pinned server key", () => {
    expect(activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(activity.appProofs).toHaveLength(1);
    const payload = independentlyVerify(activity.appProofs![0]!, t.app.serverKey.publicKeyHex);
    const result = (activity.result as { createWalletResult: { walletId: string; addresses: string[] } })
      .createWalletResult;
    expect(payload).toMatchObject({
      version: "latchkey.app-proof.v1",
      organizationId: org.organizationId,
      activityId: activity.id,
      activityType: "ACTIVITY_TYPE_CREATE_WALLET",
      activityStatus: "ACTIVITY_STATUS_COMPLETED",
      fingerprint: activity.fingerprint,
      timestampMs: String(t.clock.now().getTime()),
      result: { walletId: result.walletId, addresses: result.addresses },
    });
    expect(payload.resultSha256).toBe(createHash("sha256").update(canonical(result)).digest("hex"));
    expect(() => verifyAppProofSignature(activity.appProofs![0]!)).not.toThrow();
  });

  it("list_app_proofs and get_activity return the same proof; without the flag there is none", async () => {
    const listed = await t.call<{ appProofs: TAppProof[] }>(
      "query",
      "list_app_proofs",
      { organizationId: org.organizationId, activityId: activity.id },
      org.key,
    );
    expect(listed.status).toBe(200);
    expect(listed.body.appProofs).toEqual(activity.appProofs);
    const read = await t.call<Body>(
      "query",
      "get_activity",
      { organizationId: org.organizationId, activityId: activity.id },
      org.key,
    );
    expect(read.body.activity.appProofs).toEqual(activity.appProofs);

    const plain = await createWallet("Unproven", false);
    expect(plain.appProofs).toBeUndefined();
    const none = await t.call<{ appProofs: TAppProof[] }>(
      "query",
      "list_app_proofs",
      { organizationId: org.organizationId, activityId: plain.id },
      org.key,
    );
    expect(none.body.appProofs).toEqual([]);
    const unknown = await t.call<{ message: string }>(
      "query",
      "list_app_proofs",
      { organizationId: org.organizationId, activityId: "01900000-0000-7000-8000-000000000000" },
      org.key,
    );
    expect(unknown.status).toBe(404);
  });

  it("latchkey verify-proof accepts the saved activity and refuses an edited payload or another key", () => {
    const good = path.join(dir, "activity.json");
    fs.writeFileSync(good, JSON.stringify({ activity }));
    const ok = cli(good, t.app.serverKey.publicKeyHex);
    expect(ok.status).toBe(0);
    expect(ok.lines).toEqual([
      expect.objectContaining({
        index: 0,
        valid: true,
        activityId: activity.id,
        organizationId: org.organizationId,
      }),
    ]);

    const proof = activity.appProofs![0]!;
    // Another id: its last hex digit changed (to 1 when it already is 0, one time in sixteen).
    const otherId = `${activity.id.slice(0, -1)}${activity.id.endsWith("0") ? "1" : "0"}`;
    const edited = { ...proof, proofPayload: proof.proofPayload.replace(activity.id, otherId) };
    expect(edited.proofPayload).not.toBe(proof.proofPayload);
    const bad = path.join(dir, "edited.json");
    fs.writeFileSync(bad, JSON.stringify([edited]));
    const refused = cli(bad, t.app.serverKey.publicKeyHex);
    expect(refused.status).toBe(1);
    expect(refused.lines[0]).toMatchObject({ valid: false, reason: expect.stringContaining("signature") });
    expect(() => independentlyVerify(edited, t.app.serverKey.publicKeyHex)).toThrow("bad signature");

    const stranger = cli(good, generateP256KeyPair().publicKeyUncompressed);
    expect(stranger.status).toBe(1);
    expect(stranger.lines[0]).toMatchObject({ valid: false, reason: expect.stringContaining("pinned") });
    // Three processes on a shared, loaded machine: seconds each.
  }, 120_000);

  it("results the caller alone may hold (bundles, sessions) are committed to by digest, not disclosed", async () => {
    const init = await submitWithProofs(
      "init_import_private_key",
      "ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY",
      {},
    );
    const bundle = (init.result as { initImportPrivateKeyResult: { importBundle: string } })
      .initImportPrivateKeyResult.importBundle;
    const payload = independentlyVerify(init.appProofs![0]!, t.app.serverKey.publicKeyHex);
    expect(payload.result).toEqual({
      importBundle: `sha256:${createHash("sha256").update(bundle).digest("hex")}`,
    });
    expect(init.appProofs![0]!.proofPayload).not.toContain(bundle.slice(20, 60));
  });
});
