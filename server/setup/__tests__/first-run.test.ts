import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FirstRunAction, handleFirstRun } from "../../api/first-run";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp } from "../../testing/harness";
import { softAuthenticator } from "../../testing/soft-authenticator";

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(async () => t?.close());

async function call(action: FirstRunAction, body?: unknown) {
  const request = new Request(`http://localhost/api/setup${action === "options" ? "/options" : ""}`, {
    method: action === "status" ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await handleFirstRun(t.app, action, request);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function passkeyFor() {
  return softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! });
}

type Options = { challenge: string; challengeToken: string };

async function firstRun(name = "Acme", early?: Options) {
  const options = early ?? ((await call("options")).body as Options);
  const passkey = passkeyFor();
  const res = await call("create", {
    organizationName: name,
    userName: "alice",
    userEmail: "alice@acme.test",
    challengeToken: options.challengeToken,
    passkey: { authenticatorName: "Laptop", attestation: passkey.register(options.challenge) },
  });
  return { res, passkey };
}

describe("first run", () => {
  it("creates the first organization with a passkey that then signs requests, once", async () => {
    expect((await call("status")).body).toEqual({ needsSetup: true });
    const early = (await call("options")).body as Options;
    const { res, passkey } = await firstRun();
    expect(res.status).toBe(200);
    const { organizationId, userId } = res.body as { organizationId: string; userId: string };
    expect((await call("status")).body).toEqual({ needsSetup: false });

    const body = JSON.stringify({ organizationId });
    const me = await t.call("query", "whoami", body, { headers: passkey.stamp(body) });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ organizationId, organizationName: "Acme", userId, username: "alice" });

    const history = await t.call<{ activities: { type: string; intent: Record<string, unknown> }[] }>(
      "query",
      "list_activities",
      body,
      { headers: passkey.stamp(body) },
    );
    expect(history.body.activities.map((a) => a.type)).toEqual(["ACTIVITY_TYPE_CREATE_ORGANIZATION"]);
    expect(history.body.activities[0]?.intent.createOrganizationIntent).toMatchObject({
      createdBy: "FIRST_RUN",
    });

    const before = await databaseDigest(t.app);
    // A challenge fetched before the installation was set up does not help afterwards.
    const again = await firstRun("Intruder", early);
    expect(again.res.status).toBe(400);
    expect(again.res.body.message).toMatch(/already has an organization/);
    expect(await databaseDigest(t.app)).toEqual(before);
    expect((await call("options")).status).toBe(400);
  });

  it("of two first runs at the same moment exactly one wins", async () => {
    const attempts = await Promise.all([firstRun("One"), firstRun("Two"), firstRun("Three")]);
    const statuses = attempts.map((a) => a.res.status).sort();
    expect(statuses).toEqual([200, 400, 400]);
  });

  it("refuses a forged, altered or foreign challenge and writes nothing", async () => {
    const options = (await call("options")).body as { challenge: string; challengeToken: string };
    const passkey = passkeyFor();
    const before = await databaseDigest(t.app);
    const base = {
      organizationName: "Acme",
      userName: "alice",
      passkey: { authenticatorName: "Laptop", attestation: passkey.register(options.challenge) },
    };
    const forged = await call("create", {
      ...base,
      challengeToken: `${options.challenge}.9999999999999.AAAA`,
    });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toMatch(/challengeToken is invalid or expired/);

    // A token for another challenge than the one the passkey signed.
    const other = (await call("options")).body as { challengeToken: string };
    const mismatch = await call("create", { ...base, challengeToken: other.challengeToken });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/attestation could not be verified/);

    t.clock.advance(6 * 60 * 1000);
    const late = await call("create", { ...base, challengeToken: options.challengeToken });
    expect(late.status).toBe(400);

    const missing = await call("create", { organizationName: "Acme" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/userName/);
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});
