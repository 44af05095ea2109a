import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  envelopeTo: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** smtp://user:pass@127.0.0.1:port — what LATCHKEY_SMTP_URL names. */
  url: string;
  mails: CapturedMail[];
  /** From now on answer DATA with a permanent 550 (a relay that refuses the message). */
  refuse(on: boolean): void;
  /** The next mail to `to` that arrives (or one already here and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

const USER = "latchkey";
const PASS = "s3cret-pass";

/**
 * A real SMTP server for tests, standing in for a mail relay: it insists on AUTH with the user and
 * password in its URL (so a test proves the credentials travel), and keeps what it receives.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  let refusing = false;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASS) return callback(null, { user: USER });
      return callback(new Error("535 authentication failed"));
    },
    onData(stream, session, callback) {
      if (refusing) {
        stream.resume();
        stream.on("end", () => {
          const error = Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
          callback(error);
        });
        return;
      }
      simpleParser(stream).then((mail: ParsedMail) => {
        mails.push({
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          from: mail.from?.text ?? "",
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as { port: number };
  const find = (to: string) => mails.find((m) => !taken.has(m) && m.envelopeTo.includes(to.toLowerCase()));
  return {
    url: `smtp://${USER}:${PASS}@127.0.0.1:${port}`,
    mails,
    refuse: (on) => {
      refusing = on;
    },
    async next(to, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
