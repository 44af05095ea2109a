import { p256 } from "@noble/curves/nist.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverSigningKeyFrom } from "../../crypto/server-signing-key";
import { issueSessionJwt, type SessionClaims } from "../../sessions/jwt";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp } from "../../testing/harness";
import { type Body, type Org, reason, scene } from "./x-session-scene";

/**
 * X-Session: a read-only session JWT honoured for queries (as the official browser client sends
 * it), refused for activities, and refused — never ignored — whenever it is not this server's,
 * not read-only, expired, or names someone other than the stamp beside it.
 */
let t: TestApp;
let s: ReturnType<typeof scene>;
let org: Org;
beforeAll(async () => {
  t = await startTestApp();
  s = scene(t);
  org = await t.newOrganization("Readers");
});
afterAll(async () => t?.close());

const whoami = (organizationId: string, session: string, stampedBy?: Org["key"]) =>
  s.call("query", "whoami", { organizationId }, session, stampedBy);

const claimsOf = (jwt: string): SessionClaims =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8"));

describe("X-Session alone on a query", () => {
  it("answers as the session's user, for whoami and other reads", async () => {
    const bob = await s.member(org, "bob");
    const session = await s.readOnlySession(bob);
    const res = await whoami(org.organizationId, session);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      organizationId: org.organizationId,
      userId: bob.userId,
      username: "bob",
    });

    const keys = await s.call("query", "get_api_keys", { organizationId: org.organizationId }, session);
    expect(keys.status).toBe(200);
    expect(keys.body.apiKeys.map((k: Body) => k.credential.publicKey)).toEqual([bob.key.publicKey]);
  });

  it("reads a sub-organization, as a stamped query by that user may, and not the other way up", async () => {
    const sub = await s.subOrganization(org, "branch");
    const parentSession = await s.readOnlySession(org);
    const down = await whoami(sub.organizationId, parentSession);
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body).toMatchObject({ organizationId: sub.organizationId, userId: org.userId });

    const up = await whoami(org.organizationId, await s.readOnlySession(sub));
    const stampedUp = await t.call<Body>("query", "whoami", { organizationId: org.organizationId }, sub.key);
    expect([up.status, reason(up.body)]).toEqual([403, "ORGANIZATION_MISMATCH"]);
    expect([stampedUp.status, reason(stampedUp.body)]).toEqual([403, "ORGANIZATION_MISMATCH"]);
  });

  it("answers another organization's id as the stamped path does: 403, and 404 when there is none", async () => {
    const other = await t.newOrganization("Elsewhere");
    const session = await s.readOnlySession(org);
    const res = await whoami(other.organizationId, session);
    const stamped = await t.call<Body>("query", "whoami", { organizationId: other.organizationId }, org.key);
    expect([res.status, reason(res.body)]).toEqual([403, "ORGANIZATION_MISMATCH"]);
    expect([stamped.status, reason(stamped.body)]).toEqual([403, "ORGANIZATION_MISMATCH"]);
    expect(res.body.message).toContain(other.organizationId);

    const missing = "00000000-0000-7000-8000-000000000000";
    const nowhere = await whoami(missing, session);
    expect([nowhere.status, reason(nowhere.body)]).toEqual([404, "ORGANIZATION_NOT_FOUND"]);
  });

  it("works until the session's exp (1 hour), then is 401 SESSION_EXPIRED", async () => {
    const session = await s.readOnlySession(org);
    t.clock.advance(3_599_000);
    expect((await whoami(org.organizationId, session)).status).toBe(200);
    t.clock.advance(1_000);
    const late = await whoami(org.organizationId, session);
    expect([late.status, reason(late.body)]).toEqual([401, "SESSION_EXPIRED"]);
    expect(late.body.message).toContain(new Date(claimsOf(session).exp * 1000).toISOString());
  });

  it("stops working when its user is deleted (how a read-only session is revoked)", async () => {
    const leaver = await s.member(org, "leaver");
    const session = await s.readOnlySession(leaver);
    expect((await whoami(org.organizationId, session)).status).toBe(200);
    await s.done(
      "delete_users",
      "ACTIVITY_TYPE_DELETE_USERS",
      org.organizationId,
      { userIds: [leaver.userId] },
      org.key,
    );
    const res = await whoami(org.organizationId, session);
    expect([res.status, reason(res.body)]).toEqual([401, "USER_NOT_FOUND"]);
    expect(res.body.message).toContain("no longer exists");
  });
});

describe("tokens that are refused", () => {
  const freshClaims = (): SessionClaims => ({
    exp: Math.floor(t.clock.now().getTime() / 1000) + 600,
    public_key: "",
    session_type: "SESSION_TYPE_READ_ONLY",
    user_id: org.userId,
    organization_id: org.organizationId,
  });

  it("a JWT signed by another P-256 key is 401 SESSION_JWT_SIGNATURE_INVALID", async () => {
    const otherKey = serverSigningKeyFrom(Buffer.from(p256.utils.randomSecretKey()));
    const forged = issueSessionJwt(otherKey, freshClaims());
    const res = await whoami(org.organizationId, forged);
    expect([res.status, reason(res.body)]).toEqual([401, "SESSION_JWT_SIGNATURE_INVALID"]);
    expect(res.body.message).toContain("not signed by this server's signing key");
  });

  it("a genuine JWT with its claims edited no longer verifies", async () => {
    const bob = await s.member(org, "mallory");
    const [header, , signature] = (await s.readOnlySession(bob)).split(".");
    const claims = { ...freshClaims(), user_id: org.userId };
    const edited = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    const res = await whoami(org.organizationId, edited);
    expect([res.status, reason(res.body)]).toEqual([401, "SESSION_JWT_SIGNATURE_INVALID"]);
  });

  it("a read-write session JWT (stamp_login) is 401 SESSION_NOT_READ_ONLY: stamp with its key instead", async () => {
    const sessionKey = newApiKey();
    const result = await s.done(
      "stamp_login",
      "ACTIVITY_TYPE_STAMP_LOGIN",
      org.organizationId,
      { publicKey: sessionKey.publicKey },
      org.key,
    );
    const res = await whoami(org.organizationId, result.stampLoginResult.session);
    expect([res.status, reason(res.body)]).toEqual([401, "SESSION_NOT_READ_ONLY"]);
    expect(res.body.message).toContain("stamping requests with its session key");
    expect(res.body.message).toContain(sessionKey.publicKey);
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const malformed: [string, () => string, string][] = [
    ["empty", () => "", "three base64url parts"],
    ["not a JWT", () => "session", "three base64url parts"],
    [
      "a header that is not JSON",
      () => `bm9w.${b64(freshClaims())}.AAAA`,
      "header is not base64url-encoded JSON",
    ],
    ["alg none", () => `${b64({ alg: "none" })}.${b64(freshClaims())}.AAAA`, "alg must be ES256"],
    [
      "a claim missing",
      () => `${b64({ alg: "ES256" })}.${b64({ ...freshClaims(), user_id: undefined })}.AAAA`,
      "claim user_id",
    ],
    ["a short signature", () => `${b64({ alg: "ES256" })}.${b64(freshClaims())}.AAAA`, "64 bytes"],
  ];
  for (const [name, token, why] of malformed) {
    it(`${name} is 401 SESSION_JWT_MALFORMED naming the problem, on a query and beside a stamp`, async () => {
      const before = await databaseDigest(t.app);
      for (const res of [
        await whoami(org.organizationId, token()),
        await whoami(org.organizationId, token(), org.key),
      ]) {
        expect([res.status, reason(res.body)]).toEqual([401, "SESSION_JWT_MALFORMED"]);
        expect(res.body.message).toContain(why);
      }
      expect(await databaseDigest(t.app)).toEqual(before);
    });
  }
});

describe("X-Session on activities, and beside a stamp", () => {
  it("alone on a submit is 401 SESSION_READ_ONLY and writes nothing", async () => {
    const session = await s.readOnlySession(org);
    const before = await databaseDigest(t.app);
    const body = t.activity("ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION", org.organizationId, {});
    const res = await s.call("submit", "create_read_only_session", body, session);
    expect([res.status, reason(res.body)]).toEqual([401, "SESSION_READ_ONLY"]);
    expect(res.body.message).toContain("activities must be stamped");
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("beside the same user's stamp it is accepted, for queries and activities", async () => {
    const session = await s.readOnlySession(org);
    expect((await whoami(org.organizationId, session, org.key)).body.userId).toBe(org.userId);
    const body = t.activity("ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION", org.organizationId, {});
    const res = await s.call("submit", "create_read_only_session", body, session, org.key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("beside another user's stamp it is 401 SESSION_MISMATCH, and the activity is not recorded", async () => {
    const carol = await s.member(org, "carol");
    const rootSession = await s.readOnlySession(org);
    const query = await whoami(org.organizationId, rootSession, carol.key);
    expect([query.status, reason(query.body)]).toEqual([401, "SESSION_MISMATCH"]);
    expect(query.body.message).toContain(`session of user ${org.userId}`);
    expect(query.body.message).toContain(`stamp is by user ${carol.userId}`);

    const before = await databaseDigest(t.app);
    const body = t.activity("ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION", org.organizationId, {});
    const submit = await s.call("submit", "create_read_only_session", body, rootSession, carol.key);
    expect([submit.status, reason(submit.body)]).toEqual([401, "SESSION_MISMATCH"]);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("a sub-organization's session beside the parent's stamp is a mismatch too (a different user and organization)", async () => {
    const sub = await s.subOrganization(org, "twin");
    const subSession = await s.readOnlySession(sub);
    const res = await whoami(org.organizationId, subSession, org.key);
    expect([res.status, reason(res.body)]).toEqual([401, "SESSION_MISMATCH"]);
  });
});
