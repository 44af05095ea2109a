import { verifyOtpVerificationToken, verifySessionJwtSignature } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, otpFlows, sealedSecrets, users, verificationTokens } from "../../db/schema";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
const ALICE = "alice@example.com";

beforeAll(async () => {
  capture = await startSmtpCapture();
  // One contact asks for many codes here; the per-contact limit has a test of its own.
  t = await startTestApp({
    env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" },
  });
  org = await t.newOrganization("Acme");
  await scene.setEmail(org.organizationId, org.key, org.userId, "Alice@Example.com");
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

const userRow = async (id: string) => (await t.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const sessionKeys = async (userId: string) =>
  (await t.app.db.select().from(apiKeys).where(eq(apiKeys.userId, userId))).filter(
    (k) => k.credentialType === "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256",
  );

describe("OTP login by e-mail", () => {
  it("init_otp → code from the mail → verify_otp → otp_login → the session key stamps requests", async () => {
    const flow = await scene.codeFlow(org.organizationId, org.key, ALICE, {
      alphanumeric: false,
      otpLength: 8,
    });
    const { code, client } = flow;
    expect(code).toMatch(/^\d{8}$/);
    // Only an HMAC of the code is stored.
    const [row] = await t.app.db.select().from(otpFlows).where(eq(otpFlows.id, flow.otpId));
    expect(JSON.stringify(row)).not.toContain(code);

    const verified = await flow.verify();
    expect(verified.res.status).toBe(200);
    const claims = await verifyOtpVerificationToken(verified.token!, t.app.serverKey.publicKeyHex);
    expect(claims).toMatchObject({
      organization_id: org.organizationId,
      verification_type: "OTP_TYPE_EMAIL",
      contact: ALICE,
      public_key: client.publicKey,
    });
    // Default token life: one hour, exp in milliseconds.
    expect(Number(claims.exp)).toBe(t.clock.now().getTime() + 3600 * 1000);
    // The flow's target key is shredded with the flow.
    expect(await t.app.db.select().from(sealedSecrets).where(eq(sealedSecrets.id, flow.otpId))).toHaveLength(
      0,
    );

    expect((await userRow(org.userId)).emailVerifiedAt).toBeNull();
    const session = keyPair();
    const login = await scene.login(org.organizationId, org.key, verified.token!, claims.id, client, session);
    expect(login.res.status).toBe(200);
    expect(await verifySessionJwtSignature(login.session!, t.app.serverKey.publicKeyHex)).toBe(true);
    const jwt = JSON.parse(Buffer.from(login.session!.split(".")[1]!, "base64url").toString());
    expect(jwt).toMatchObject({
      public_key: session.publicKey,
      session_type: "SESSION_TYPE_READ_WRITE",
      user_id: org.userId,
      organization_id: org.organizationId,
      exp: Math.floor(t.clock.now().getTime() / 1000) + 900,
    });
    expect((await scene.whoami(org.organizationId, session)).body.userId).toBe(org.userId);
    expect((await userRow(org.userId)).emailVerifiedAt).not.toBeNull();
  });

  it("refuses a reused flow and a reused token, changing nothing", async () => {
    const flow = await scene.codeFlow(org.organizationId, org.key, ALICE);
    const { client } = flow;
    const first = await flow.verify();
    expect(first.res.status).toBe(200);
    const again = await flow.verify();
    expect(again.res.status).toBe(400);
    expect(again.res.body.message).toMatch(/already verified/);

    const tokenId = JSON.parse(Buffer.from(first.token!.split(".")[1]!, "base64url").toString()).id;
    const session = keyPair();
    expect(
      (await scene.login(org.organizationId, org.key, first.token!, tokenId, client, session)).res.status,
    ).toBe(200);
    const before = (await sessionKeys(org.userId)).length;
    const reuse = await scene.login(org.organizationId, org.key, first.token!, tokenId, client, keyPair());
    expect(reuse.res.status).toBe(400);
    expect(reuse.res.body.message).toMatch(/already used/);
    expect(await sessionKeys(org.userId)).toHaveLength(before);
  });

  it("five wrong codes lock the flow; the right code is refused after that", async () => {
    const flow = await scene.codeFlow(org.organizationId, org.key, ALICE);
    const wrong = flow.code === "000000" ? "111111" : "000000";
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { res } = await flow.verify({ code: wrong });
      expect(res.status).toBe(400);
      messages.push(res.body.message);
    }
    expect(messages[0]).toMatch(/4 attempts left/);
    expect(messages[4]).toMatch(/now locked/);
    const right = await flow.verify();
    expect(right.res.status).toBe(400);
    expect(right.res.body.message).toMatch(/locked after 5 wrong codes/);
    const tokens = await t.app.db
      .select()
      .from(verificationTokens)
      .where(eq(verificationTokens.otpFlowId, flow.otpId));
    expect(tokens).toHaveLength(0);
  });

  it("refuses an expired flow, and a token lifetime above 86400 s", async () => {
    const flow = await scene.codeFlow(org.organizationId, org.key, ALICE, { expirationSeconds: "60" });
    const tooLong = await flow.verify({ extra: { expirationSeconds: "86401" } });
    expect(tooLong.res.status).toBe(400);
    expect(JSON.stringify(tooLong.res.body)).toMatch(/between 1 and 86400 seconds/);
    t.clock.advance(61_000);
    const late = await flow.verify();
    expect(late.res.status).toBe(400);
    expect(late.res.body.message).toMatch(/expired at/);
  });

  it("a token bound to another key, or a bad or missing client signature, logs nobody in", async () => {
    const client = keyPair();
    const { token, tokenId } = await scene.tokenFor(org.organizationId, org.key, ALICE, client);
    const before = (await sessionKeys(org.userId)).length;
    const stranger = keyPair();
    const otherKey = await scene.login(org.organizationId, org.key, token, tokenId, stranger, keyPair());
    expect(otherKey.res.status).toBe(401);
    expect(otherKey.res.body.message).toMatch(/not the key the verification token is bound to/);

    const session = keyPair();
    const forged = await scene.submit(
      "otp_login",
      "ACTIVITY_TYPE_OTP_LOGIN_V2",
      org.organizationId,
      org.key,
      {
        verificationToken: token,
        publicKey: session.publicKey,
        clientSignature: {
          publicKey: client.publicKey,
          scheme: "CLIENT_SIGNATURE_SCHEME_API_P256",
          message: JSON.stringify({
            login: { publicKey: session.publicKey },
            tokenId,
            type: "USAGE_TYPE_LOGIN",
          }),
          signature: "ab".repeat(64),
        },
      },
    );
    expect(forged.status).toBe(401);
    expect(forged.body.message).toMatch(/does not verify/);

    const missing = await scene.submit(
      "otp_login",
      "ACTIVITY_TYPE_OTP_LOGIN_V2",
      org.organizationId,
      org.key,
      {
        verificationToken: token,
        publicKey: session.publicKey,
      },
    );
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/clientSignature/);
    expect(await sessionKeys(org.userId)).toHaveLength(before);
    // The token was never spent by those attempts: the rightful login still works.
    expect((await scene.login(org.organizationId, org.key, token, tokenId, client, session)).res.status).toBe(
      200,
    );
  });

  it("a session ends at its expiry, and invalidateExisting ends the earlier ones", async () => {
    const client = keyPair();
    const first = await scene.tokenFor(org.organizationId, org.key, ALICE, client);
    const early = keyPair();
    await scene.login(org.organizationId, org.key, first.token, first.tokenId, client, early, {
      expirationSeconds: "120",
    });
    expect((await scene.whoami(org.organizationId, early)).status).toBe(200);

    const second = await scene.tokenFor(org.organizationId, org.key, ALICE, client);
    const late = keyPair();
    await scene.login(org.organizationId, org.key, second.token, second.tokenId, client, late, {
      invalidateExisting: true,
    });
    expect((await scene.whoami(org.organizationId, early)).status).toBe(401);
    expect((await scene.whoami(org.organizationId, late)).status).toBe(200);

    t.clock.advance(901_000);
    const expired = await scene.whoami(org.organizationId, late);
    expect(expired.status).toBe(401);
    expect(expired.body.message).toMatch(/session .* expired/);
  });
});
