import { generateP256KeyPair } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "../../jobs/worker";
import { SMS_JOB_HANDLERS } from "../../sms/delivery-job";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, otpScene } from "../../testing/otp-scene";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";

/** A parent's backend key runs the other login activities for its sub-organization's user; nothing more. */
let t: TestApp;
let capture: SmtpCapture;
let parent: { organizationId: string; userId: string; key: TestKey };
let subOrganizationId: string;
let subUserId: string;
const scene = otpScene(
  () => t,
  () => capture,
);
const CAROL = "carol@example.com";
const PHONE = "+14155550144";
const customization = { appName: "Parent", magicLinkTemplate: "https://parent.test/?b=%s" };

beforeAll(async () => {
  capture = await startSmtpCapture();
  t = await startTestApp({ env: { LATCHKEY_SMTP_URL: capture.url } });
  parent = await t.newOrganization("Parent");
  ({ subOrganizationId, subUserId } = await scene.subOrganization(parent, {
    userName: "carol",
    userEmail: CAROL,
    userPhoneNumber: PHONE,
  }));
});
afterAll(async () => {
  await t?.close();
  await capture?.close();
});

describe("login activities a parent submits for its sub-organization", () => {
  it("finds the sub-organization by phone, and texts, mails and issues for its user", async () => {
    const found = await t.call<Body>(
      "query",
      "list_suborgs",
      { organizationId: parent.organizationId, filterType: "PHONE_NUMBER", filterValue: PHONE },
      parent.key,
    );
    expect(found.body.organizationIds).toEqual([subOrganizationId]);

    const sms = await scene.submit(
      "init_otp_auth",
      "ACTIVITY_TYPE_INIT_OTP_AUTH_V3",
      subOrganizationId,
      parent.key,
      {
        otpType: "OTP_TYPE_SMS",
        contact: PHONE,
        appName: "Parent",
      },
    );
    expect(sms.status).toBe(200);
    await runDueJobs(t.app, SMS_JOB_HANDLERS);

    const target = generateP256KeyPair().publicKeyUncompressed;
    const auth = await scene.submit(
      "email_auth",
      "ACTIVITY_TYPE_EMAIL_AUTH_V3",
      subOrganizationId,
      parent.key,
      {
        email: CAROL,
        targetPublicKey: target,
        emailCustomization: customization,
      },
    );
    expect(auth.status).toBe(200);
    expect(auth.body.activity.result.emailAuthResult.userId).toBe(subUserId);
    const recovery = await scene.submit(
      "init_user_email_recovery",
      "ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2",
      subOrganizationId,
      parent.key,
      { email: CAROL, targetPublicKey: target, emailCustomization: customization },
    );
    expect(recovery.status).toBe(200);
  });

  it("but may not create a session profile, invite or create users there", async () => {
    const profile = await scene.submit(
      "create_session_profile",
      "ACTIVITY_TYPE_CREATE_SESSION_PROFILE",
      subOrganizationId,
      parent.key,
      {
        sessionProfileName: "x",
        scope: "true",
      },
    );
    expect(profile.status).toBe(403);
    const invite = await scene.submit(
      "create_invitations",
      "ACTIVITY_TYPE_CREATE_INVITATIONS",
      subOrganizationId,
      parent.key,
      {
        invitations: [
          {
            receiverUserName: "d",
            receiverUserEmail: "d@example.com",
            receiverUserTags: [],
            accessType: "ACCESS_TYPE_WEB",
            senderUserId: subUserId,
          },
        ],
      },
    );
    expect(invite.status).toBe(403);
    const users = await scene.submit(
      "create_api_only_users",
      "ACTIVITY_TYPE_CREATE_API_ONLY_USERS",
      subOrganizationId,
      parent.key,
      {
        apiOnlyUsers: [{ userName: "bot", userTags: [], apiKeys: [] }],
      },
    );
    expect(users.status).toBe(403);
  });
});
