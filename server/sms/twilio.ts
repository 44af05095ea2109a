import type { SmsConfig } from "./config";
import { type OutgoingSms, type SmsProvider, SmsRefused } from "./provider";

type TwilioConfig = NonNullable<SmsConfig["twilio"]>;

/** Twilio's error body: {code, message, more_info, status}. */
function describeError(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { code?: number; message?: string };
    if (body.message) return `Twilio ${status}${body.code ? ` (error ${body.code})` : ""}: ${body.message}`;
  } catch {
    // not JSON: a proxy's page, say
  }
  return `Twilio ${status}: ${text.slice(0, 200)}`;
}

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded To, From or
 * MessagingServiceSid, Body; HTTP Basic with the account SID and auth token). 201 is accepted;
 * another 4xx is a refusal for good — a bad number, bad credentials — except 429, which like a
 * 5xx, a timeout or a refused connection is worth retrying.
 */
export function twilioProvider(config: TwilioConfig, timeoutMs: number): SmsProvider {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    async send(sms: OutgoingSms) {
      const form = new URLSearchParams({ To: sms.to, Body: sms.body });
      if (config.messagingServiceSid) form.set("MessagingServiceSid", config.messagingServiceSid);
      else form.set("From", config.from!);
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason =
          (error as Error).name === "TimeoutError"
            ? `no answer within ${timeoutMs} ms`
            : (error as Error).message;
        throw new Error(`Twilio unreachable: ${reason}`);
      }
      const text = await response.text();
      if (response.status === 201 || response.status === 200) {
        const body = JSON.parse(text) as { sid?: string; status?: string };
        return { response: `Twilio ${body.status ?? "accepted"} ${body.sid ?? ""}`.trim() };
      }
      const reason = describeError(response.status, text);
      if (response.status >= 400 && response.status < 500 && response.status !== 429)
        throw new SmsRefused(reason);
      throw new Error(reason);
    },
    describe: () => `Twilio at ${config.baseUrl}`,
  };
}
