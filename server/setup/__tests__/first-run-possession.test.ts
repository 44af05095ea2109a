import { afterEach, describe, expect, it } from "vitest";
import { type FirstRunAction, handleFirstRun } from "../../api/first-run";
import { authenticators } from "../../db/schema";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp } from "../../testing/harness";
import { softAuthenticator } from "../../testing/soft-authenticator";

/** The first-run page's passkey proves possession as the dashboard registers it; its routes are limited per address. */
let t: TestApp | undefined;
afterEach(async () => t?.close());

async function call(app: TestApp, action: FirstRunAction, body?: unknown, address = "203.0.113.7") {
  const request = new Request(`http://localhost/api/setup${action === "options" ? "/options" : ""}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handleFirstRun(app.app, action, request);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}
// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field.
type Body = any;

/** Options, then create with a passkey that signs the challenge as the dashboard does, or does not. */
async function firstRun(app: TestApp, prove: boolean) {
  const options = (await call(app, "options")).body;
  const passkey = softAuthenticator({ rpId: app.app.config.rpId, origin: app.app.config.origins[0]! });
  const res = await call(app, "create", {
    organizationName: "Acme",
    userName: "alice",
    challengeToken: options.challengeToken,
    passkey: {
      authenticatorName: "Laptop",
      attestation: passkey.register(options.challenge),
      ...(prove ? { possessionProof: passkey.prove(options.challenge) } : {}),
    },
  });
  return res;
}

const proofs = async (app: TestApp) =>
  (await app.app.db.select().from(authenticators)).map((r) => r.possessionProven);

// Each case starts its own app on a fresh database: slow on a busy machine.
describe("first run and proof of possession", { timeout: 120_000 }, () => {
  it("a passkey that signs the page's challenge is proven", async () => {
    t = await startTestApp();
    expect((await firstRun(t, true)).status).toBe(200);
    expect(await proofs(t)).toEqual([true]);
  });

  it("a passkey that does not sign it is accepted, unproven", async () => {
    t = await startTestApp();
    expect((await firstRun(t, false)).status).toBe(200);
    expect(await proofs(t)).toEqual([false]);
  });

  it("LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE=true refuses an unproven first passkey and writes nothing", async () => {
    t = await startTestApp({ env: { LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE: "true" } });
    const before = await databaseDigest(t.app);
    const refused = await firstRun(t, false);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain("requires every passkey registration to prove possession");
    expect(await databaseDigest(t.app)).toEqual(before);
    expect((await firstRun(t, true)).status).toBe(200);
  });

  it("the unauthenticated first-run routes spend the client address's budget: then a 429 with Retry-After", async () => {
    t = await startTestApp({
      env: { LATCHKEY_TRUST_PROXY: "1", LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: "2" },
    });
    expect((await call(t, "options")).status).toBe(200);
    expect((await call(t, "options")).status).toBe(200);
    const flooded = await call(t, "options");
    expect(flooded.status).toBe(429);
    expect(flooded.body.details[0].turnkeyErrorCode).toBe("RATE_LIMITED");
    expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await call(t, "options", undefined, "198.51.100.9")).status).toBe(200);
  });
});
