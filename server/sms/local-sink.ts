import type { Clock } from "../clock";
import type { Database } from "../db/client";
import { emailSinkMessages } from "../db/schema";
import { newId } from "../ids";
import type { OutgoingSms, SmsProvider } from "./provider";

/**
 * The embedded default with no SMS provider configured: the message is "delivered" into the same
 * local mailbox the SMTP sink fills, under its outbox Message-ID, so the Outbox page shows its text
 * as it shows a sunk e-mail's and a local installation can sign in by phone without a provider.
 */
export function localSmsSink(db: Database, clock: Clock, sender: string): SmsProvider {
  return {
    async send(sms: OutgoingSms) {
      await db.insert(emailSinkMessages).values({
        id: newId(clock.now().getTime()),
        envelopeFrom: sender,
        envelopeTo: [sms.to],
        subject: "",
        messageId: sms.messageId,
        text: sms.body,
        html: null,
        receivedAt: clock.now(),
      });
      return { response: "kept by the local SMS sink" };
    },
    describe: () => "the local SMS sink (Outbox page)",
  };
}
