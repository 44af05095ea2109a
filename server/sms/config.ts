/** SMS delivery (server/sms/): Twilio's Messages API when configured, else the local sink. */
export interface SmsConfig {
  twilio?: {
    /** LATCHKEY_TWILIO_BASE_URL: https://api.twilio.com unless a test or a regional edge says otherwise. */
    baseUrl: string;
    accountSid: string;
    authToken: string;
    /** LATCHKEY_TWILIO_FROM (a number or sender id) or LATCHKEY_TWILIO_MESSAGING_SERVICE_SID: exactly one. */
    from?: string;
    messagingServiceSid?: string;
  };
  /** LATCHKEY_SMS_TIMEOUT_MS: how long one request to the provider may take before it is retried. */
  timeoutMs: number;
  /** LATCHKEY_SMS_FROM: the sender the Outbox shows for text messages (and Twilio's From if unset). */
  senderLabel: string;
  /** LATCHKEY_SMS_MAX_ATTEMPTS: deliveries tried (with backoff) before a text message is FAILED. */
  maxAttempts: number;
}

export class SmsConfigError extends Error {}

function whole(raw: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SmsConfigError(
      `${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

/** Reads the SMS settings; Twilio's are all-or-nothing, so a half-configured provider fails at start. */
export function loadSmsConfig(env: Record<string, string | undefined>): SmsConfig {
  const accountSid = env.LATCHKEY_TWILIO_ACCOUNT_SID || undefined;
  const authToken = env.LATCHKEY_TWILIO_AUTH_TOKEN || undefined;
  const from = env.LATCHKEY_TWILIO_FROM || undefined;
  const messagingServiceSid = env.LATCHKEY_TWILIO_MESSAGING_SERVICE_SID || undefined;
  const base = {
    timeoutMs: whole(env.LATCHKEY_SMS_TIMEOUT_MS, "LATCHKEY_SMS_TIMEOUT_MS", 10_000, 100, 120_000),
    senderLabel: env.LATCHKEY_SMS_FROM || from || "Latchkey",
    maxAttempts: whole(env.LATCHKEY_SMS_MAX_ATTEMPTS, "LATCHKEY_SMS_MAX_ATTEMPTS", 5, 1, 50),
  };
  if (!accountSid && !authToken && !from && !messagingServiceSid) return base;
  if (!accountSid || !authToken) {
    throw new SmsConfigError(
      "LATCHKEY_TWILIO_ACCOUNT_SID and LATCHKEY_TWILIO_AUTH_TOKEN are needed together",
    );
  }
  if (Boolean(from) === Boolean(messagingServiceSid)) {
    throw new SmsConfigError(
      "set exactly one of LATCHKEY_TWILIO_FROM and LATCHKEY_TWILIO_MESSAGING_SERVICE_SID",
    );
  }
  const baseUrl = (env.LATCHKEY_TWILIO_BASE_URL || "https://api.twilio.com").replace(/\/+$/, "");
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) {
    throw new SmsConfigError(
      `LATCHKEY_TWILIO_BASE_URL must be an http(s) URL, got ${JSON.stringify(baseUrl)}`,
    );
  }
  return { ...base, twilio: { baseUrl, accountSid, authToken, from, messagingServiceSid } };
}
