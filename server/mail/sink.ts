import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { emailSinkMessages } from "../db/schema";
import { newId } from "../ids";
import type { Logger } from "../observability/logger";

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for nodemailer. */
  url: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

/**
 * The embedded default when LATCHKEY_SMTP_URL is unset: a real SMTP server on a loopback port that
 * accepts every message and keeps it in email_sink_messages, so that mail still leaves Latchkey
 * over SMTP (the same code path as a real relay) and operators can read it on the Outbox page.
 * Loopback only and no STARTTLS: nothing but this process can reach it.
 */
export async function startSmtpSink(db: Database, clock: Clock, logger: Logger): Promise<SmtpSink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          await db.insert(emailSinkMessages).values({
            id: newId(clock.now().getTime()),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? "",
            messageId: mail.messageId ?? null,
            text: mail.text ?? "",
            html: typeof mail.html === "string" ? mail.html : null,
            receivedAt: clock.now(),
          });
          callback();
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "SMTP sink could not store a message");
          callback(new Error("451 could not store the message; try again"));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.on("error", (error) => logger.warn({ err: error }, "SMTP sink connection error"));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  logger.info({ port }, "embedded SMTP sink listening on loopback (LATCHKEY_SMTP_URL is unset)");
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
