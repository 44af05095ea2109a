import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSinkMessages } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { MAIL_JOB_HANDLERS } from "../../mail/delivery-job";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type Body, otpScene } from "../../testing/otp-scene";

/**
 * A resent code with the embedded sink (no LATCHKEY_SMTP_URL): the sink receives the same message
 * twice under one Message-ID, and the Outbox still lists it once, with the text received last.
 */
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
const scene = otpScene(
  () => t,
  () => {
    throw new Error("this test reads the embedded sink, not a capture");
  },
);

const outbox = async () =>
  (await t.call<Body>("query", "list_outbox_messages", { organizationId: org.organizationId }, org.key)).body
    .messages as Body[];

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Acme");
});
afterAll(async () => {
  await t?.close();
});

describe("resending into the embedded sink", () => {
  it("the Outbox shows the resent message once, sent, counted, with the code the sink received", async () => {
    expect((await scene.initOtp(org.organizationId, org.key, "sam@example.com")).res.status).toBe(200);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const [first] = await outbox();
    expect(first).toMatchObject({ toAddress: "sam@example.com", status: "SENT" });

    const resent = await scene.submit(
      "resend_outbox_message",
      "ACTIVITY_TYPE_RESEND_OUTBOX_MESSAGE",
      org.organizationId,
      org.key,
      { messageId: first!.id },
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);

    const received = await t.app.db
      .select()
      .from(emailSinkMessages)
      .where(eq(emailSinkMessages.subject, "Acme: your verification code"));
    expect(received).toHaveLength(2);
    expect(received[1]!.text).toBe(received[0]!.text);
    const listed = await outbox();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: first!.id,
      status: "SENT",
      resends: 1,
      receivedText: received[1]!.text,
    });
  });
});
