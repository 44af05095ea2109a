import type { Clock } from "../clock";
import type { Database } from "../db/client";
import type { SmsConfig } from "./config";
import { localSmsSink } from "./local-sink";
import type { SmsProvider } from "./provider";
import { twilioProvider } from "./twilio";

/** The configured provider: Twilio when its settings are present, else the local sink. */
export function createSmsProvider(config: SmsConfig, db: Database, clock: Clock): SmsProvider {
  return config.twilio
    ? twilioProvider(config.twilio, config.timeoutMs)
    : localSmsSink(db, clock, config.senderLabel);
}
