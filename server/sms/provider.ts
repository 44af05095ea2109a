/** One text message to hand to a provider. */
export interface OutgoingSms {
  to: string;
  body: string;
  /** The outbox row's Message-ID, so the local sink can be joined to it as mail is. */
  messageId: string;
}

/** The provider refused the message for good (a 4xx other than 429): trying again will not help. */
export class SmsRefused extends Error {
  override name = "SmsRefused";
}

/** Where text messages go: resolves with the provider's reply, throws SmsRefused or a transient error. */
export interface SmsProvider {
  send(sms: OutgoingSms): Promise<{ response: string }>;
  /** The provider's name and where it sends, for logs and the README's checks. */
  describe(): string;
}
