import { encryptOtpCodeToBundle } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, invitations, users } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../../mail/delivery-job";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, codeFrom, keyPair, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";
import { type EmailSignInStep, handleEmailSignIn } from "../email-sign-in";

/** create_invitations mails the invitee; their first sign-in with an e-mailed code accepts it. */
let t: TestApp;
let capture: SmtpCapture;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => capture,
);
const BOB = "bob@example.com";

async function post(step: EmailSignInStep, body: unknown): Promise<{ status: number; body: Body }> {
  const request = new Request(`http://localhost/api/login/email/${step}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const response = await handleEmailSignIn(t.app, step, request);
  return { status: response.status, body: await response.json() };
}
const invite = (invitation: Body) =>
  scene.submit("create_invitations", "ACTIVITY_TYPE_CREATE_INVITATIONS", org.organizationId, org.key, {
    invitations: [
      { receiverUserTags: [], accessType: "ACCESS_TYPE_WEB", senderUserId: org.userId, ...invitation },
    ],
  });
const withdraw = (invitationId: string) =>
  scene.submit("delete_invitation", "ACTIVITY_TYPE_DELETE_INVITATION", org.organizationId, org.key, {
    invitationId,
  });
const count = async (table: typeof invitations | typeof emailMessages) =>
  (await t.app.db.select().from(table)).length;

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

describe("invitations", () => {
  it("mails the invitee a sign-in link; a code to that address creates the user and signs them in", async () => {
    const tag = await scene.submit(
      "create_user_tag",
      "ACTIVITY_TYPE_CREATE_USER_TAG",
      org.organizationId,
      org.key,
      {
        userTagName: "support",
        userIds: [],
      },
    );
    const tagId = tag.body.activity.result.createUserTagResult.userTagId;
    const res = await invite({
      receiverUserName: "bob",
      receiverUserEmail: "Bob@Example.com",
      receiverUserTags: [tagId],
    });
    expect(res.status).toBe(200);
    const [invitationId] = res.body.activity.result.createInvitationsResult.invitationIds;
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const mail = await capture.next(BOB);
    expect(mail.subject).toBe("root invited you to Acme");
    expect(mail.text).toContain(`/login?organizationId=${org.organizationId}&email=bob%40example.com`);
    expect(await t.app.db.select().from(users).where(eq(users.email, BOB))).toEqual([]);

    const started = await post("code", { organizationId: org.organizationId, email: BOB });
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const code = codeFrom((await capture.next(BOB)).text);
    const session = keyPair();
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      code,
      started.body.otpEncryptionTargetBundle,
      session.publicKey,
      t.app.serverKey.publicKeyHex,
    );
    const signedIn = await post("session", {
      organizationId: org.organizationId,
      otpId: started.body.otpId,
      encryptedOtpBundle,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const [bob] = await t.app.db.select().from(users).where(eq(users.email, BOB));
    expect(bob).toMatchObject({ name: "bob", tagIds: [tagId], emailVerifiedAt: expect.any(Date) });
    expect((await scene.whoami(org.organizationId, session)).body.userId).toBe(bob!.id);
    const [row] = await t.app.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(row).toMatchObject({ status: "ACCEPTED", acceptedUserId: bob!.id });

    const late = await withdraw(invitationId);
    expect(late.status).toBe(400);
    expect(late.body.message).toContain("already accepted");
  });

  it("a withdrawn invitation no longer lets its address in", async () => {
    const res = await invite({ receiverUserName: "carol", receiverUserEmail: "carol@example.com" });
    const [invitationId] = res.body.activity.result.createInvitationsResult.invitationIds;
    expect((await withdraw(invitationId)).status).toBe(200);
    const mailsBefore = await count(emailMessages);
    const started = await post("code", { organizationId: org.organizationId, email: "carol@example.com" });
    expect(started.status).toBe(200);
    expect(await count(emailMessages)).toBe(mailsBefore);
    expect((await withdraw(invitationId)).status).toBe(404);
  });

  it("refuses an unknown sender, an unknown tag and a bad address; nothing is written or mailed", async () => {
    const before = [await count(invitations), await count(emailMessages)];
    const sender = await invite({
      receiverUserName: "d",
      receiverUserEmail: "d@example.com",
      senderUserId: "nobody",
    });
    expect(sender.status).toBe(404);
    const tag = await invite({
      receiverUserName: "d",
      receiverUserEmail: "d@example.com",
      receiverUserTags: ["no-tag"],
    });
    expect(tag.status).toBe(404);
    const address = await invite({ receiverUserName: "d", receiverUserEmail: "not-an-address" });
    expect(address.status).toBe(400);
    expect(JSON.stringify(address.body)).toContain("receiverUserEmail");
    expect([await count(invitations), await count(emailMessages)]).toEqual(before);
  });
});
