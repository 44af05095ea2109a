import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emailEvents, emailMessages, emailSinkMessages, sealedSecrets } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp } from "../../testing/harness";
import { type SmtpCapture, startSmtpCapture } from "../../testing/smtp-capture";
import { MAIL_JOB_HANDLERS } from "../delivery-job";
import { renderOtpEmail } from "../otp-email";
import { enqueueEmail } from "../outbox";

let capture: SmtpCapture;
beforeAll(async () => {
  capture = await startSmtpCapture();
});
afterAll(async () => capture?.close());

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Queue one OTP-like message in a transaction of its own, as an activity would. */
async function queueMail(app: TestApp, to: string, org?: { organizationId: string }): Promise<string> {
  const { organizationId } = org ?? (await app.newOrganization());
  const body = renderOtpEmail({ appName: "Acme <b>", code: "AB12CD", expiresInSeconds: 300 });
  return app.app.db.transaction((tx) =>
    enqueueEmail(
      tx,
      app.app.keyring,
      { organizationId, purpose: "OTP", from: app.app.config.mail.from, to, ...body },
      { now: app.clock.now(), maxAttempts: app.app.config.mail.maxAttempts },
    ),
  );
}

const messageOf = async (app: TestApp, id: string) =>
  (await app.app.db.select().from(emailMessages).where(eq(emailMessages.id, id)))[0]!;
const eventsOf = async (app: TestApp, id: string) =>
  (
    await app.app.db.select().from(emailEvents).where(eq(emailEvents.messageId, id)).orderBy(emailEvents.id)
  ).map((e) => e.eventType);
const sealedBody = async (app: TestApp, id: string) =>
  (await app.app.db.select().from(sealedSecrets).where(eq(sealedSecrets.id, id))).length;

describe("e-mail delivery over SMTP", () => {
  it("sends through LATCHKEY_SMTP_URL with its credentials; the body is shredded once delivered", async () => {
    t = await startTestApp({
      env: { LATCHKEY_SMTP_URL: capture.url, LATCHKEY_EMAIL_FROM: "Acme <login@acme.test>" },
    });
    const id = await queueMail(t, "Alice@Example.com");
    expect(await sealedBody(t, id)).toBe(1);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const mail = await capture.next("alice@example.com");
    expect(mail.subject).toBe("Acme <b>: your verification code");
    expect(mail.from).toContain("login@acme.test");
    expect(mail.text).toContain("AB12CD");
    // The app name is text in the HTML, never markup.
    expect(mail.html).toContain("Acme &lt;b&gt;");
    expect(mail.html).not.toContain("<b>");
    const row = await messageOf(t, id);
    expect(row.status).toBe("SENT");
    expect(row.toAddress).toBe("alice@example.com");
    expect(await eventsOf(t, id)).toEqual(["Send", "Delivery"]);
    expect(await sealedBody(t, id)).toBe(0);
  });

  it("without LATCHKEY_SMTP_URL, mail travels over SMTP to the embedded sink's mailbox", async () => {
    t = await startTestApp();
    const org = await t.newOrganization();
    const id = await queueMail(t, "bob@example.com", org);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    expect((await messageOf(t, id)).status).toBe("SENT");
    expect(await t.app.mailer.describe()).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const [received] = await t.app.db.select().from(emailSinkMessages);
    expect(received).toMatchObject({
      envelopeTo: ["bob@example.com"],
      subject: "Acme <b>: your verification code",
    });
    expect(received!.text).toContain("AB12CD");
    // The Outbox lists it for its organization, with the text the sink received; not for another.
    const outbox = await t.call<{ messages: Record<string, unknown>[] }>(
      "query",
      "list_outbox_messages",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(outbox.body.messages).toEqual([
      expect.objectContaining({
        id,
        toAddress: "bob@example.com",
        status: "SENT",
        receivedText: expect.stringContaining("AB12CD"),
      }),
    ]);
    const other = await t.newOrganization("Other");
    const theirs = await t.call<{ messages: unknown[] }>(
      "query",
      "list_outbox_messages",
      { organizationId: other.organizationId },
      other.key,
    );
    expect(theirs.body.messages).toEqual([]);
  });

  it("a relay that refuses the message (5xx) is a recorded failure at once", async () => {
    t = await startTestApp({ env: { LATCHKEY_SMTP_URL: capture.url } });
    capture.refuse(true);
    try {
      const id = await queueMail(t, "carol@example.com");
      await runDueJobs(t.app, MAIL_JOB_HANDLERS);
      const row = await messageOf(t, id);
      expect(row.status).toBe("FAILED");
      expect(row.lastError).toMatch(/550/);
      expect(await eventsOf(t, id)).toEqual(["Send", "Bounce"]);
      expect(await sealedBody(t, id)).toBe(0);
    } finally {
      capture.refuse(false);
    }
  });

  it("a relay that is down is retried with backoff, then a recorded failure", async () => {
    const port = await closedPort();
    t = await startTestApp({
      env: { LATCHKEY_SMTP_URL: `smtp://127.0.0.1:${port}`, LATCHKEY_EMAIL_MAX_ATTEMPTS: "2" },
    });
    const id = await queueMail(t, "dave@example.com");
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const waiting = await messageOf(t, id);
    expect(waiting.status).toBe("QUEUED");
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    // Not due again until its backoff has passed.
    expect(await runDueJobs(t.app, MAIL_JOB_HANDLERS)).toBe(0);
    t.clock.advance(60_000);
    await runDueJobs(t.app, MAIL_JOB_HANDLERS);
    const failed = await messageOf(t, id);
    expect(failed.status).toBe("FAILED");
    expect(failed.lastError).toMatch(/gave up after 2 attempts/);
    expect(await eventsOf(t, id)).toEqual(["Send", "DeliveryDelay", "DeliveryDelay", "Bounce"]);
  });
});
