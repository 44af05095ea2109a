import pino, { type Logger } from "pino";
import { errorForLog } from "./log-error";

export type { Logger };

/**
 * JSON logs on stdout. Callers log ids, paths, statuses and durations, never bodies, stamps or
 * key material; the redact list is a second line of defence for fields that must never appear.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: "latchkey" },
      serializers: { err: errorForLog },
      redact: {
        paths: [
          "*.stamp",
          "*.signature",
          "*.privateKey",
          "*.mnemonic",
          "*.masterKey",
          "*.body",
          "*.headers",
          "*.params",
          "*.requestBody",
          "stamp",
          "signature",
          "privateKey",
          "mnemonic",
          "masterKey",
          "body",
          "headers",
        ],
        censor: "[redacted]",
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
