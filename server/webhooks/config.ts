import { BlockList, isIP } from "node:net";

/** Outbound webhook delivery (server/webhooks/): what may be called, how long, how often. */
export interface WebhookConfig {
  /**
   * LATCHKEY_WEBHOOK_ALLOW_HTTP: plain http:// endpoints. Default: allowed only when NODE_ENV is
   * not "production" (development and tests); a production server requires https://.
   */
  allowHttp: boolean;
  /**
   * LATCHKEY_WEBHOOK_ALLOWED_NETWORKS: comma-separated addresses or CIDR ranges that may be called
   * although private, loopback or link-local (e.g. "127.0.0.1/32,10.1.0.0/16"). Default: none.
   */
  allowedNetworks: string[];
  /** LATCHKEY_WEBHOOK_TIMEOUT_MS: one attempt's whole time, connect to last byte (default 5 s). */
  timeoutMs: number;
  /** LATCHKEY_WEBHOOK_MAX_RESPONSE_BYTES: read no more of an answer than this (default 16 KiB). */
  maxResponseBytes: number;
  /** LATCHKEY_WEBHOOK_RETRY_BASE_MS: the first retry's delay; each next one doubles, up to 1 h. */
  retryBaseMs: number;
  /** LATCHKEY_WEBHOOK_RETRY_SECONDS: how long a delivery is retried before it is FAILED (24 h). */
  retrySeconds: number;
  /**
   * LATCHKEY_WEBHOOK_DISABLE_AFTER_SECONDS: an endpoint whose deliveries have all failed for this
   * long is deactivated when one more gives up (default 3 days).
   */
  disableAfterSeconds: number;
}

export class WebhookConfigError extends Error {}

function whole(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
) {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new WebhookConfigError(
      `${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

function networks(raw: string | undefined): string[] {
  const list = (raw ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits] = entry.split("/");
    const family = isIP(address ?? "");
    const max = family === 6 ? 128 : 32;
    const prefix = bits === undefined ? max : Number(bits);
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > max) {
      throw new WebhookConfigError(
        `LATCHKEY_WEBHOOK_ALLOWED_NETWORKS: ${JSON.stringify(entry)} is not an IP address or CIDR range`,
      );
    }
  }
  return list;
}

export function loadWebhookConfig(env: Record<string, string | undefined>): WebhookConfig {
  const allowHttpRaw = env.LATCHKEY_WEBHOOK_ALLOW_HTTP;
  if (allowHttpRaw && !["true", "false", "1", "0"].includes(allowHttpRaw)) {
    throw new WebhookConfigError(
      `LATCHKEY_WEBHOOK_ALLOW_HTTP must be true or false, got ${JSON.stringify(allowHttpRaw)}`,
    );
  }
  return {
    allowHttp: allowHttpRaw ? allowHttpRaw === "true" || allowHttpRaw === "1" : env.NODE_ENV !== "production",
    allowedNetworks: networks(env.LATCHKEY_WEBHOOK_ALLOWED_NETWORKS),
    timeoutMs: whole(env, "LATCHKEY_WEBHOOK_TIMEOUT_MS", 5000, 100, 60_000),
    maxResponseBytes: whole(env, "LATCHKEY_WEBHOOK_MAX_RESPONSE_BYTES", 16 * 1024, 0, 1024 * 1024),
    retryBaseMs: whole(env, "LATCHKEY_WEBHOOK_RETRY_BASE_MS", 10_000, 1, 3_600_000),
    retrySeconds: whole(env, "LATCHKEY_WEBHOOK_RETRY_SECONDS", 86_400, 1, 30 * 86_400),
    disableAfterSeconds: whole(env, "LATCHKEY_WEBHOOK_DISABLE_AFTER_SECONDS", 3 * 86_400, 1, 90 * 86_400),
  };
}

/** A BlockList of the configured exceptions, checked before the private ranges refuse an address. */
export function allowedList(config: WebhookConfig): BlockList {
  const list = new BlockList();
  for (const entry of config.allowedNetworks) {
    const [address, bits] = entry.split("/") as [string, string | undefined];
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    list.addSubnet(address, bits === undefined ? (type === "ipv6" ? 128 : 32) : Number(bits), type);
  }
  return list;
}
