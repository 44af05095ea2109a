import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, sealedSecrets } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../../mail/delivery-job";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, codeFrom, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

/** resend_outbox_message: a code's message goes out again, unchanged, only while its flow is open. */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);

const resend = (messageId: string) =>
  scene.submit("resend_outbox_message", "ACTIVITY_TYPE_RESEND_OUTBOX_MESSAGE", org.organizationId, org.key, {
    messageId,
  });
const outbox = async () =>
  (await t.call<Body>("query", "list_outbox_messages", { organizationId: org.organizationId }, org.key)).body
    .messages as Body[];
/** The outbox row of the newest message to `to`. */
const newestTo = async (to: string) => (await outbox()).find((m) => m.toAddress === to)!;
const bodyKept = async (messageId: string) =>
  (await t.app.db.select().from(sealedSecrets).where(eq(sealedSecrets.id, messageId))).length === 1;

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({
    env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT: "1000" },
  });
  org = await t.newOrganization("Acme");
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("resending a one-time code", () => {
  it("a refused mail is resent with the same code, which then works; the answer never shows the code", async () => {
    capture.refuse(true);
    const { result } = await scene.initOtp(org.organizationId, org.key, "ann@example.com");
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const failed = await newestTo("ann@example.com");
    expect(failed).toMatchObject({ status: "FAILED", resendableUntil: expect.any(String) });
    expect(await bodyKept(failed.id)).toBe(true);

    capture.refuse(false);
    const res = await resend(failed.id);
    expect(res.status).toBe(200);
    expect(res.body.activity.result.resendOutboxMessageResult).toEqual({
      messageId: failed.id,
      status: "QUEUED",
      resends: 1,
    });
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const code = codeFrom((await capture.next("ann@example.com")).text);
    expect(JSON.stringify(res.body)).not.toContain(code);
    expect(await newestTo("ann@example.com")).toMatchObject({ status: "SENT", resends: 1 });

    const verified = await scene.verify(
      org.organizationId,
      org.key,
      result!.otpId,
      result!.otpEncryptionTargetBundle,
      code,
      keyPair(),
    );
    expect(verified.res.status).toBe(200);
    // The code is spent: its body is shredded and a resend is refused.
    expect(await bodyKept(failed.id)).toBe(false);
    const late = await resend(failed.id);
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/cannot be resent: its code was already used/);
  });

  it("refuses after the flow expired, and the expiry shreds the kept body", async () => {
    await scene.initOtp(org.organizationId, org.key, "ben@example.com", { expirationSeconds: "60" });
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const sent = await newestTo("ben@example.com");
    expect(sent.status).toBe("SENT");
    expect(await bodyKept(sent.id)).toBe(true);
    t.clock.advance(61_000);
    const res = await resend(sent.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/its code expired at .*start a new flow/);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    expect(await bodyKept(sent.id)).toBe(false);
  });

  it("at most three resends; no resend of other messages, of queued ones or of another organization's", async () => {
    await scene.initOtp(org.organizationId, org.key, "cat@example.com");
    const queued = await newestTo("cat@example.com");
    const early = await resend(queued.id);
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/still queued/);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    for (let i = 0; i < 3; i++) {
      expect((await resend(queued.id)).status).toBe(200);
      await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    }
    const fourth = await resend(queued.id);
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toMatch(/resent 3 times already/);

    await scene.submit(
      "create_invitations",
      "ACTIVITY_TYPE_CREATE_INVITATIONS",
      org.organizationId,
      org.key,
      {
        invitations: [
          {
            receiverUserName: "dan",
            receiverUserEmail: "dan@example.com",
            receiverUserTags: [],
            accessType: "ACCESS_TYPE_WEB",
            senderUserId: org.userId,
          },
        ],
      },
    );
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const invitation = await newestTo("dan@example.com");
    const other = await resend(invitation.id);
    expect(other.status).toBe(400);
    expect(other.body.message).toMatch(/only messages carrying a one-time code can be resent.*INVITATION/);

    const stranger = await t.newOrganization("Other");
    const foreign = await scene.submit(
      "resend_outbox_message",
      "ACTIVITY_TYPE_RESEND_OUTBOX_MESSAGE",
      stranger.organizationId,
      stranger.key,
      { messageId: queued.id },
    );
    expect(foreign.status).toBe(404);
    const [row] = await t.app.db.select().from(emailMessages).where(eq(emailMessages.id, queued.id));
    expect(row!.resends).toBe(3);
  });
});
