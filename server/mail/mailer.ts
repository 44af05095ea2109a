import nodemailer, { type Transporter } from "nodemailer";
import type { Clock } from "../clock";
import type { MailConfig } from "../config";
import type { Database } from "../db/client";
import type { Logger } from "../observability/logger";
import { type SmtpSink, startSmtpSink } from "./sink";

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, chosen by the outbox so its row names the message before it is sent. */
  messageId: string;
}

/** The SMTP server refused the message for good (a 5xx reply): trying again will not help. */
export class MailRefused extends Error {
  override name = "MailRefused";
}

export interface Mailer {
  /** Hand one message to the SMTP server; resolves with its reply, throws MailRefused or a transient error. */
  send(mail: OutgoingMail): Promise<{ response: string }>;
  /** Where mail goes: the configured relay's host, or the embedded sink's loopback URL. */
  describe(): Promise<string>;
  close(): Promise<void>;
}

/**
 * nodemailer over LATCHKEY_SMTP_URL (STARTTLS whenever the server offers it, as nodemailer does for
 * smtp://; smtps:// is TLS from the start), or over the embedded sink, started on first use like
 * the local devnets so that a process which never sends mail opens no port.
 */
export function createMailer(config: MailConfig, db: Database, clock: Clock, logger: Logger): Mailer {
  let ready: Promise<{ transport: Transporter; sink?: SmtpSink }> | undefined;
  const open = () => {
    ready ??= (async () => {
      const sink = config.smtpUrl ? undefined : await startSmtpSink(db, clock, logger);
      const url = config.smtpUrl ?? sink!.url;
      const transport = nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      });
      return { transport, sink };
    })().catch((error) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  return {
    async send(mail) {
      const { transport } = await open();
      try {
        const info = await transport.sendMail(mail);
        return { response: String(info.response ?? "") };
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500) throw new MailRefused((error as Error).message);
        throw error;
      }
    },
    async describe() {
      if (config.smtpUrl) return new URL(config.smtpUrl).host;
      return (await open()).sink!.url;
    },
    async close() {
      if (!ready) return;
      const opened = await ready.catch(() => undefined);
      opened?.transport.close();
      await opened?.sink?.close();
    },
  };
}
