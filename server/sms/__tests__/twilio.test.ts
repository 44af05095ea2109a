import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeTwilio, startFakeTwilio } from "../../testing/fake-twilio";
import { loadSmsConfig } from "../config";
import { SmsRefused } from "../provider";
import { twilioProvider } from "../twilio";

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "secret-token";
let fake: FakeTwilio;

beforeAll(async () => {
  fake = await startFakeTwilio(SID, TOKEN);
});
afterAll(async () => fake?.close());

const provider = (env: Record<string, string> = {}) => {
  const config = loadSmsConfig({
    LATCHKEY_TWILIO_BASE_URL: fake.url,
    LATCHKEY_TWILIO_ACCOUNT_SID: SID,
    LATCHKEY_TWILIO_AUTH_TOKEN: TOKEN,
    LATCHKEY_TWILIO_FROM: "+15005550006",
    LATCHKEY_SMS_TIMEOUT_MS: "300",
    ...env,
  });
  return twilioProvider(config.twilio!, config.timeoutMs);
};
const sms = { to: "+14155550123", body: "Acme: your verification code is 123456.", messageId: "<m@x>" };

describe("the Twilio adapter against a local fake of the Messages API", () => {
  it("posts To, From and Body form-encoded with HTTP Basic auth; a 201 is accepted", async () => {
    fake.mode("accept");
    const { response } = await provider().send(sms);
    expect(response).toMatch(/^Twilio queued SM\d{32}$/);
    const last = fake.received.at(-1)!;
    expect(last.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(last.contentType).toBe("application/x-www-form-urlencoded");
    expect(last.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
    expect(last.form).toEqual({ To: sms.to, From: "+15005550006", Body: sms.body });
  });

  it("sends MessagingServiceSid instead of From when that is configured", async () => {
    fake.mode("accept");
    await provider({ LATCHKEY_TWILIO_FROM: "", LATCHKEY_TWILIO_MESSAGING_SERVICE_SID: "MG123" }).send(sms);
    expect(fake.received.at(-1)!.form).toEqual({ To: sms.to, MessagingServiceSid: "MG123", Body: sms.body });
  });

  it("a 4xx is a refusal for good, with Twilio's code and message", async () => {
    fake.mode("invalid-number");
    const refusal = await provider()
      .send(sms)
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SmsRefused);
    expect((refusal as Error).message).toBe(
      "Twilio 400 (error 21211): The 'To' number +14155550123 is not a valid phone number.",
    );
    fake.mode("accept");
    const badAuth = await provider({ LATCHKEY_TWILIO_AUTH_TOKEN: "wrong" })
      .send(sms)
      .catch((e: unknown) => e);
    expect(badAuth).toBeInstanceOf(SmsRefused);
    expect((badAuth as Error).message).toContain("error 20003");
  });

  it("a 5xx and a timeout are transient: worth retrying, not refusals", async () => {
    fake.mode("unavailable");
    const down = await provider()
      .send(sms)
      .catch((e: unknown) => e);
    expect(down).not.toBeInstanceOf(SmsRefused);
    expect((down as Error).message).toBe("Twilio 503 (error 20503): Service Unavailable");
    fake.mode("hang");
    const silent = await provider()
      .send(sms)
      .catch((e: unknown) => e);
    expect(silent).not.toBeInstanceOf(SmsRefused);
    expect((silent as Error).message).toBe("Twilio unreachable: no answer within 300 ms");
    fake.mode("accept");
  });

  it("refuses half a configuration at start", () => {
    expect(() => loadSmsConfig({ LATCHKEY_TWILIO_ACCOUNT_SID: SID })).toThrow(/needed together/);
    expect(() =>
      loadSmsConfig({ LATCHKEY_TWILIO_ACCOUNT_SID: SID, LATCHKEY_TWILIO_AUTH_TOKEN: TOKEN }),
    ).toThrow(/exactly one of LATCHKEY_TWILIO_FROM/);
    expect(loadSmsConfig({}).twilio).toBeUndefined();
  });
});
