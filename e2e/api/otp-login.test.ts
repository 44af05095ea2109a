import { generateP256KeyPair, verifyOtpVerificationToken } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OtpServer, sendStamped, startOtpServer } from "../support/otp";

let otp: OtpServer;
const CONTACT = "root@example.com";

beforeAll(async () => {
  // One contact asks for more codes here than the per-contact limit allows; that limit has its own tests.
  otp = await startOtpServer(CONTACT, { env: { LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" } });
});
afterAll(async () => {
  await otp?.stop();
});

describe("OTP login through @turnkey/sdk-server against a started Latchkey, mail over real SMTP", () => {
  it("initOtp → code from the mail → verifyOtp → otpLogin → a request stamped by the session key", async () => {
    const { client, clientFor, server } = otp;
    const flow = await otp.codeFlow(CONTACT);
    expect(flow.mail.subject).toBe("Acme: your verification code");
    expect(flow.mail.from).toContain("login@acme.test");
    const tokenKey = generateP256KeyPair();
    const encryptedOtpBundle = await otp.bundle(flow, flow.code, tokenKey);
    const { verificationToken } = await client.verifyOtp({ otpId: flow.otpId, encryptedOtpBundle });
    const { session, params } = await otp.loginParams(verificationToken, tokenKey);
    const login = await client.otpLogin(params);
    expect(login.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const asUser = clientFor(session);
    const me = await asUser.getWhoami({ organizationId: server.root.organizationId });
    expect(me.userId).toBe(server.root.userId);
    const { user } = await client.getUser({ userId: server.root.userId });
    expect(user.userEmail).toBe(CONTACT);

    // The token is spent: a second login with it is refused and starts no session.
    const again = await otp.loginParams(verificationToken, tokenKey);
    await expect(client.otpLogin(again.params)).rejects.toThrow(/already used/);
    await expect(
      clientFor(again.session).getWhoami({ organizationId: server.root.organizationId }),
    ).rejects.toThrow(/could not find public key/);
  });

  it("a wrong code is refused with the attempts left; the right one still works", async () => {
    const { client, serverKey } = otp;
    const flow = await otp.codeFlow(CONTACT);
    const tokenKey = generateP256KeyPair();
    const wrong = flow.code === "000000" ? "111111" : "000000";
    await expect(
      client.verifyOtp({ otpId: flow.otpId, encryptedOtpBundle: await otp.bundle(flow, wrong, tokenKey) }),
    ).rejects.toThrow(/the code is wrong; 4 attempts left/);
    const { verificationToken } = await client.verifyOtp({
      otpId: flow.otpId,
      encryptedOtpBundle: await otp.bundle(flow, flow.code, tokenKey),
    });
    expect((await verifyOtpVerificationToken(verificationToken, serverKey)).contact).toBe(CONTACT);
  });

  it("invalidateExisting ends the user's earlier sessions, not the new one", async () => {
    const { client, clientFor, server } = otp;
    const organizationId = server.root.organizationId;
    const tokenKey = generateP256KeyPair();
    const first = await otp.loginParams(await otp.tokenFor(CONTACT, tokenKey), tokenKey);
    await client.otpLogin(first.params);
    expect((await clientFor(first.session).getWhoami({ organizationId })).userId).toBe(server.root.userId);

    const second = await otp.loginParams(await otp.tokenFor(CONTACT, tokenKey), tokenKey);
    await client.otpLogin({ ...second.params, invalidateExisting: true });
    expect((await clientFor(second.session).getWhoami({ organizationId })).userId).toBe(server.root.userId);
    const ended = await sendStamped(clientFor(first.session).stampGetWhoami({ organizationId }));
    expect(ended.status).toBe(401);
    expect(ended.message).toMatch(/could not find public key/);
    // The root user's own API key is not a session: it still works.
    expect((await client.getWhoami({ organizationId })).userId).toBe(server.root.userId);
  });

  it("a session ends at its expiry: 60 s, waited out on the real clock", async () => {
    const { client, clientFor, server } = otp;
    const organizationId = server.root.organizationId;
    const tokenKey = generateP256KeyPair();
    const { session, params } = await otp.loginParams(await otp.tokenFor(CONTACT, tokenKey), tokenKey);
    const started = Date.now();
    await client.otpLogin({ ...params, expirationSeconds: "60" });
    expect((await clientFor(session).getWhoami({ organizationId })).userId).toBe(server.root.userId);
    await new Promise((r) => setTimeout(r, Math.max(0, started + 61_000 - Date.now())));
    const expired = await sendStamped(clientFor(session).stampGetWhoami({ organizationId }));
    expect(expired.status).toBe(401);
    expect(expired.code).toBe(16);
    expect(expired.message).toMatch(/session \S+ expired at /);
  }, 120_000);
});
