import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type KeyPair,
  type OtpServer,
  type Refusal,
  sendStamped,
  signRaw,
  startOtpServer,
} from "../support/otp";
import { query } from "../support/signed";

let otp: OtpServer;
let organizationId: string;
const CONTACT = "root@example.com";
/** A flow that expires after the shortest lifetime allowed (30 s), started first: the last test waits out what is left. */
let expiring: { started: number; flow: Awaited<ReturnType<OtpServer["codeFlow"]>> };

beforeAll(async () => {
  // One contact asks for more codes here than the per-contact limit allows; that limit has its own tests.
  otp = await startOtpServer(CONTACT, { env: { LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" } });
  organizationId = otp.server.root.organizationId;
  const started = Date.now();
  expiring = { started, flow: await otp.codeFlow(CONTACT, { expirationSeconds: "30" }) };
});
afterAll(async () => {
  await otp?.stop();
});

/** Every activity the organization has recorded: a refusal must add none. */
const activityIds = async () =>
  (await otp.client.getActivities({ paginationOptions: { limit: "100" } })).activities
    .map((a) => a.id)
    .sort();

/** A 4xx whose message names the problem, and nothing recorded. */
async function expectRefused(request: () => Promise<Refusal>, status: number, message: RegExp) {
  const before = await activityIds();
  const refusal = await request();
  expect({ status: refusal.status, message: refusal.message }).toMatchObject({
    status,
    message: expect.stringMatching(message),
  });
  expect(await activityIds()).toEqual(before);
  return refusal;
}

/** The session key a refused login named stamps nothing: no session was started. */
async function expectNoSession(session: KeyPair) {
  const whoami = await sendStamped(otp.clientFor(session).stampGetWhoami({ organizationId }));
  expect(whoami.status).toBe(401);
  expect(whoami.message).toMatch(/could not find public key/);
}

const verify = (otpId: string, encryptedOtpBundle: string, expirationSeconds?: string) =>
  sendStamped(
    otp.client.stampVerifyOtp({
      otpId,
      encryptedOtpBundle,
      ...(expirationSeconds ? { expirationSeconds } : {}),
    }),
  );
const login = (params: Parameters<OtpServer["client"]["otpLogin"]>[0]) =>
  sendStamped(otp.client.stampOtpLogin(params));
const sleepUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

describe("OTP refusals through @turnkey/sdk-server against a started Latchkey: a clear 4xx, nothing changed", () => {
  it("five wrong codes lock the flow; the right code is refused after that", async () => {
    const flow = await otp.codeFlow(CONTACT);
    const tokenKey = generateP256KeyPair();
    const wrong = flow.code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      await expectRefused(
        async () => verify(flow.otpId, await otp.bundle(flow, wrong, tokenKey)),
        400,
        new RegExp(`the code is wrong; ${left} attempts? left for OTP flow ${flow.otpId}`),
      );
    }
    await expectRefused(
      async () => verify(flow.otpId, await otp.bundle(flow, wrong, tokenKey)),
      400,
      new RegExp(`the code is wrong; OTP flow ${flow.otpId} is now locked`),
    );
    const right = await expectRefused(
      async () => verify(flow.otpId, await otp.bundle(flow, flow.code, tokenKey)),
      400,
      new RegExp(`OTP flow ${flow.otpId} is locked after 5 wrong codes; start a new flow with init_otp`),
    );
    expect(right.code).toBe(9);
  });

  it("a reused flow: its code works once", async () => {
    const flow = await otp.codeFlow(CONTACT);
    const tokenKey = generateP256KeyPair();
    const before = await activityIds();
    const first = await verify(flow.otpId, await otp.bundle(flow, flow.code, tokenKey));
    expect(first.status).toBe(200);
    // What a refusal must not do: a completed verify_otp is recorded.
    expect(await activityIds()).toHaveLength(before.length + 1);
    await expectRefused(
      async () => verify(flow.otpId, await otp.bundle(flow, flow.code, tokenKey)),
      400,
      new RegExp(`OTP flow ${flow.otpId} was already verified; a code works once`),
    );
  });

  it("a reused token logs nobody in a second time", async () => {
    const tokenKey = generateP256KeyPair();
    const token = await otp.tokenFor(CONTACT, tokenKey);
    const first = await otp.loginParams(token, tokenKey);
    expect((await login(first.params)).status).toBe(200);
    const again = await otp.loginParams(token, tokenKey);
    await expectRefused(
      () => login(again.params),
      400,
      /verificationToken \S+ was already used at .*; verify a new code/,
    );
    await expectNoSession(again.session);
  });

  it("a token for another contact: no user has it, and it cannot verify another address", async () => {
    const tokenKey = generateP256KeyPair();
    const token = await otp.tokenFor("nobody@example.com", tokenKey);
    const { session, params } = await otp.loginParams(token, tokenKey);
    await expectRefused(() => login(params), 404, /user with e-mail nobody@example.com in organization/);
    await expectNoSession(session);

    const { userId } = otp.server.root;
    await expectRefused(
      () =>
        sendStamped(
          otp.client.stampUpdateUserEmail({
            userId,
            userEmail: "erin@example.com",
            verificationToken: token,
          }),
        ),
      400,
      /proves nobody@example.com, not erin@example.com/,
    );
    expect((await otp.client.getUser({ userId })).user.userEmail).toBe(CONTACT);
  });

  it("a token bound to another key, or a bad or missing client signature, logs nobody in; the token stays unspent", async () => {
    const tokenKey = generateP256KeyPair();
    const token = await otp.tokenFor(CONTACT, tokenKey);
    const { session, params } = await otp.loginParams(token, tokenKey);
    const { message } = params.clientSignature;

    // Signed by a key the token is not bound to.
    const stranger = generateP256KeyPair();
    const other = await otp.loginParams(token, stranger);
    await expectRefused(
      () => login(other.params),
      401,
      /clientSignature.publicKey is not the key the verification token is bound to/,
    );
    await expectNoSession(other.session);

    // The bound key's name over a stranger's signature, and over garbage.
    for (const signature of [signRaw(stranger.privateKey, message), "ab".repeat(64)]) {
      await expectRefused(
        () => login({ ...params, clientSignature: { ...params.clientSignature, signature } }),
        401,
        /clientSignature.signature does not verify for the token's bound key over the login message/,
      );
    }
    // A signature over another message (another session key).
    const elsewhere = JSON.stringify({
      login: { publicKey: stranger.publicKey },
      tokenId: JSON.parse(message).tokenId,
      type: "USAGE_TYPE_LOGIN",
    });
    await expectRefused(
      () =>
        login({
          ...params,
          clientSignature: {
            ...params.clientSignature,
            message: elsewhere,
            signature: signRaw(tokenKey.privateKey, elsewhere),
          },
        }),
      400,
      /clientSignature.message must be /,
    );
    // No signature at all.
    const { clientSignature: _, ...unsigned } = params;
    const missing = await expectRefused(() => login(unsigned as typeof params), 400, /clientSignature/);
    expect(JSON.stringify(missing.body)).toMatch(/parameters.clientSignature/);
    await expectNoSession(session);

    // None of those spent the token: the rightful login still works.
    expect((await login(params)).status).toBe(200);
    expect((await otp.clientFor(session).getWhoami({ organizationId })).userId).toBe(otp.server.root.userId);
  });

  it("lifetimes out of bounds are refused before anything is sent", async () => {
    const sent = otp.capture.mails.length;
    await expectRefused(
      () =>
        sendStamped(
          otp.client.stampInitOtp({
            otpType: "OTP_TYPE_EMAIL",
            contact: CONTACT,
            appName: "Acme",
            expirationSeconds: "10",
          }),
        ),
      400,
      /expirationSeconds/,
    ).then((r) => expect(JSON.stringify(r.body)).toMatch(/between 30 and 600 seconds/));
    const flow = await otp.codeFlow(CONTACT);
    const tokenKey = generateP256KeyPair();
    const tooLong = await expectRefused(
      async () => verify(flow.otpId, await otp.bundle(flow, flow.code, tokenKey), "86401"),
      400,
      /expirationSeconds/,
    );
    expect(JSON.stringify(tooLong.body)).toMatch(/between 1 and 86400 seconds/);
    expect(otp.capture.mails.length).toBe(sent + 1);
    // The flow is untouched: its code still verifies.
    expect((await verify(flow.otpId, await otp.bundle(flow, flow.code, tokenKey))).status).toBe(200);
  });

  it("a relay that refuses the mail: the Outbox and the e-mail events report it; a new flow works", async () => {
    const { client, capture } = otp;
    capture.refuse(true);
    let otpId: string;
    try {
      ({ otpId } = await client.initOtp({ otpType: "OTP_TYPE_EMAIL", contact: CONTACT, appName: "Acme" }));
      let bounce: { details: { diagnosticCode?: string } } | undefined;
      for (let i = 0; i < 200 && !bounce; i++) {
        [bounce] = (await client.listEmailEvents({ email: CONTACT, eventType: "Bounce" })).emailEvents;
        if (!bounce) await new Promise((r) => setTimeout(r, 100));
      }
      expect(bounce?.details.diagnosticCode).toMatch(/550/);
    } finally {
      capture.refuse(false);
    }
    const { messages } = await query<{
      messages: { status: string; toAddress: string; lastError?: string }[];
    }>(otp.server.baseUrl, otp.server.root, "list_outbox_messages", { organizationId });
    expect(messages[0]).toMatchObject({
      status: "FAILED",
      toAddress: CONTACT,
      lastError: expect.stringMatching(/550/),
    });
    expect(otpId).toBeTruthy();

    const tokenKey = generateP256KeyPair();
    const { session, params } = await otp.loginParams(await otp.tokenFor(CONTACT, tokenKey), tokenKey);
    expect((await login(params)).status).toBe(200);
    expect((await otp.clientFor(session).getWhoami({ organizationId })).userId).toBe(otp.server.root.userId);
  });

  it("an expired flow (30 s) and an expired token (1 s), waited out on the real clock", async () => {
    // Started in beforeAll: the tests above ran while it aged.
    const { started, flow } = expiring;
    const tokenKey = generateP256KeyPair();
    const token = await otp.tokenFor(CONTACT, tokenKey, { expirationSeconds: "1" });
    // Signed while the token was good (the client itself refuses to read an expired one), sent late.
    const late = await otp.loginParams(token, tokenKey);
    await sleepUntil(Date.now() + 1_100);
    await expectRefused(() => login(late.params), 401, /verificationToken expired at .*; verify a new code/);
    await expectNoSession(late.session);

    await sleepUntil(started + 31_000);
    const expired = await expectRefused(
      async () => verify(flow.otpId, await otp.bundle(flow, flow.code, tokenKey)),
      400,
      new RegExp(`OTP flow ${flow.otpId} expired at .*; start a new flow with init_otp`),
    );
    expect(expired.code).toBe(9);
  }, 120_000);
});
