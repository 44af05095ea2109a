import path from "node:path";
import { parseRpcUrls } from "./chains/rpc-urls";
import { EARN_CHAINS } from "./earn/local-world";
import { EarnConfigError, type EarnNetworksConfig, loadEarnNetworks } from "./earn/networks-config";
import { parseUsdPrices, type UsdPrices } from "./gas-station/prices";
import { type Oauth2Provider, OidcConfigError, parseOauth2Providers, parseOidcIssuers } from "./oidc/config";
import { loadSmsConfig, type SmsConfig, SmsConfigError } from "./sms/config";
import { loadZeroExConfig, type ZeroExConfig, ZeroExConfigError } from "./swaps/zero-ex/config";
import { loadWebhookConfig, type WebhookConfig, WebhookConfigError } from "./webhooks/config";

/** Everything a deployment sets, read once from the environment by `loadConfig`. */
export interface Config {
  port: number;
  dataDir: string;
  /** When set, PostgreSQL is the store; otherwise embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  /**
   * LATCHKEY_DATABASE_POOL_SIZE: PostgreSQL connections this process keeps (its pool). Requests beyond
   * it wait for a connection; `processes × pool` must stay under the server's max_connections.
   */
  databasePoolSize: number;
  /**
   * LATCHKEY_DATABASE_PREPARE (default true): PostgreSQL statements run again are prepared once per
   * pooled connection (server/db/prepared-statements.ts). `false` for a pooler that cannot keep
   * prepared statements, such as PgBouncer in transaction mode before 1.21.
   */
  databasePrepare: boolean;
  /**
   * LATCHKEY_BUILD_ON_START (default true): `latchkey start` builds the dashboard first when there is
   * no build or the sources are newer. `false` serves the build there is, and refuses to start without
   * one: for images built ahead of time (a read-only filesystem) and for tests, which must serve the
   * build they were given rather than rebuild it under each other.
   */
  buildOnStart: boolean;
  /** Raw `LATCHKEY_MASTER_KEY` (32 bytes as hex or base64); undefined means the key file in `dataDir`. */
  masterKey: string | undefined;
  /** `LATCHKEY_PREVIOUS_MASTER_KEYS`: comma-separated keys still accepted for unwrapping during a rotation. */
  previousMasterKeys: string | undefined;
  /** WebAuthn relying party id (a host name) and the origins passkey assertions may come from. */
  rpId: string;
  rpName: string;
  origins: string[];
  logLevel: string;
  maxBodyBytes: number;
  /** Default lifetime of sessions created by stamp_login and friends. */
  sessionSeconds: number;
  /** caip2 → RPC URL of chains served by a real node (LATCHKEY_RPC_URLS); the others are local devnets. */
  rpcUrls: Record<string, string>;
  /** How long one JSON-RPC call to a chain's node may take before it counts as unreachable. */
  rpcTimeoutMs: number;
  /** Bearer token /metrics asks for (LATCHKEY_METRICS_TOKEN); without one, /metrics is off. */
  metricsToken?: string;
  rateLimits: RateLimits;
  /**
   * LATCHKEY_TRUST_PROXY: how many proxies in front of Latchkey append to X-Forwarded-For. 0 (the
   * default) trusts no such header, which leaves per-IP limits without an address to count.
   */
  trustProxyHops: number;
  /** LATCHKEY_USD_PRICES: what sponsored fees are counted at against the USD limits. */
  usdPrices: UsdPrices;
  /** Where Earn's USD figures come from: the fixed table above, or CoinGecko's simple price API. */
  priceSource: PriceSourceConfig;
  /** How often the earn-samples job records each enabled vault's APY and TVL, and for how long. */
  earnSamples: { intervalSeconds: number; retentionDays: number };
  /** Earn's factory, vaults and operator on configured chains (LATCHKEY_EARN_NETWORKS). */
  earnNetworks: EarnNetworksConfig;
  /**
   * LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE: every passkey registration must prove possession (a
   * challenge from get_registration_challenge, signed by the new passkey); off by default, since
   * the official SDKs register with challenges of their own choosing.
   */
  requireRegistrationChallenge: boolean;
  mail: MailConfig;
  sms: SmsConfig;
  webhooks: WebhookConfig;
  otpLimits: OtpLimits;
  onRamp: OnRampConfig;
  /** LATCHKEY_OIDC_ISSUERS: the issuers whose ID tokens social login accepts (server/oidc/config.ts). */
  oidcIssuers: string[];
  /** LATCHKEY_OAUTH2_PROVIDERS: the issuer serving each OAuth 2.0 provider (server/oidc/config.ts). */
  oauth2Providers: Partial<Record<Oauth2Provider, string>>;
  /** The 0x Swap API adapter (LATCHKEY_SWAP_0X_*); undefined when no API key is set. */
  swap0x: ZeroExConfig | undefined;
}

/** Fiat on-ramp providers' endpoints (tests point them at local fakes) and the sandbox's pace. */
export interface OnRampConfig {
  moonpayApiUrl: string;
  moonpayWidgetUrl: string;
  moonpaySandboxWidgetUrl: string;
  coinbaseApiUrl: string;
  coinbasePayUrl: string;
  /** How long one call to a provider may take before it counts as unanswered. */
  timeoutMs: number;
  /** The sandbox's pause between two provider states after the person pays. */
  sandboxStepMs: number;
}

/** E-mail delivery (server/mail/). */
export interface MailConfig {
  /** LATCHKEY_SMTP_URL (smtp[s]://user:pass@host:port); unset, the embedded loopback SMTP sink. */
  smtpUrl: string | undefined;
  /** LATCHKEY_EMAIL_FROM: the From of every message unless init_otp names its own sender. */
  from: string;
  /** LATCHKEY_EMAIL_MAX_ATTEMPTS: deliveries tried (with backoff) before a message is FAILED. */
  maxAttempts: number;
}

/** init_otp budgets per fixed window, shared through rate_limit_buckets; 0 turns one off. */
export interface OtpLimits {
  windowSeconds: number;
  perContact: number;
  perIp: number;
}

export type PriceSourceConfig =
  | { kind: "fixed" }
  | { kind: "coingecko"; url: string; apiKey: string | undefined };

/** Requests allowed per fixed window; 0 turns that one limit off. */
export interface RateLimits {
  windowSeconds: number;
  activitiesPerKey: number;
  queriesPerKey: number;
  activitiesPerIp: number;
  queriesPerIp: number;
}

export class ConfigError extends Error {}

function integer(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Record<string, string | undefined>, name: string, unset = false): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return unset;
  if (raw === "false") return false;
  if (raw === "true") return true;
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}"`);
}

function metricsToken(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 16) throw new ConfigError("LATCHKEY_METRICS_TOKEN must be at least 16 characters");
  return raw;
}

function usdPrices(raw: string | undefined): UsdPrices {
  try {
    return parseUsdPrices(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function httpUrl(env: Record<string, string | undefined>, name: string, fallback: string): string {
  const url = env[name] || fallback;
  if (!/^https?:\/\/[^/\s]+/.test(url)) throw new ConfigError(`${name} must be an http(s) URL, got "${url}"`);
  return url.replace(/\/+$/, "");
}

function onRamp(env: Record<string, string | undefined>): OnRampConfig {
  return {
    moonpayApiUrl: httpUrl(env, "LATCHKEY_MOONPAY_API_URL", "https://api.moonpay.com"),
    moonpayWidgetUrl: httpUrl(env, "LATCHKEY_MOONPAY_WIDGET_URL", "https://buy.moonpay.com"),
    moonpaySandboxWidgetUrl: httpUrl(
      env,
      "LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL",
      "https://buy-sandbox.moonpay.com",
    ),
    coinbaseApiUrl: httpUrl(env, "LATCHKEY_COINBASE_API_URL", "https://api.developer.coinbase.com"),
    coinbasePayUrl: httpUrl(env, "LATCHKEY_COINBASE_PAY_URL", "https://pay.coinbase.com"),
    timeoutMs: integer(env, "LATCHKEY_ONRAMP_TIMEOUT_MS", 10_000, 100, 120_000),
    sandboxStepMs: integer(env, "LATCHKEY_ONRAMP_SANDBOX_STEP_MS", 2000, 0, 600_000),
  };
}

/** LATCHKEY_PRICE_SOURCE=fixed (default) | coingecko, with LATCHKEY_COINGECKO_URL and _API_KEY. */
function priceSource(env: Record<string, string | undefined>): PriceSourceConfig {
  const kind = env.LATCHKEY_PRICE_SOURCE || "fixed";
  if (kind === "fixed") return { kind };
  if (kind !== "coingecko") {
    throw new ConfigError(`LATCHKEY_PRICE_SOURCE must be "fixed" or "coingecko", got "${kind}"`);
  }
  const url = env.LATCHKEY_COINGECKO_URL || "https://api.coingecko.com";
  if (!/^https?:\/\/[^/]+/.test(url)) {
    throw new ConfigError(`LATCHKEY_COINGECKO_URL must be an http(s) URL, got "${url}"`);
  }
  return { kind, url, apiKey: env.LATCHKEY_COINGECKO_API_KEY || undefined };
}

function rpcUrls(raw: string | undefined): Record<string, string> {
  try {
    return parseRpcUrls(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const MAX_PER_WINDOW = 1_000_000_000;

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("LATCHKEY_SMTP_URL must be a URL such as smtp://user:pass@mail.example.com:587");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new ConfigError(`LATCHKEY_SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
  }
  return raw;
}

/**
 * Defaults in a 10 s window: 100 activities/s and 300 queries/s per credential on average, with
 * room for bursts — far above what one client does on purpose (a signing service answers
 * activities in tens of milliseconds at best) yet a ceiling for a runaway loop. Per address, three
 * times that, since one address may hold several keys (a service, a NAT).
 */
function rateLimits(env: Record<string, string | undefined>): RateLimits {
  const limit = (name: string, fallback: number) => integer(env, name, fallback, 0, MAX_PER_WINDOW);
  return {
    windowSeconds: integer(env, "LATCHKEY_RATE_LIMIT_WINDOW_SECONDS", 10, 1, 3600),
    activitiesPerKey: limit("LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_KEY", 1000),
    queriesPerKey: limit("LATCHKEY_RATE_LIMIT_QUERIES_PER_KEY", 3000),
    activitiesPerIp: limit("LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_IP", 3000),
    queriesPerIp: limit("LATCHKEY_RATE_LIMIT_QUERIES_PER_IP", 9000),
  };
}

/** The SMS settings (server/sms/config.ts), their mistakes reported like every other setting's. */
function earnNetworks(env: Record<string, string | undefined>): EarnNetworksConfig {
  try {
    return loadEarnNetworks(env, EARN_CHAINS, rpcUrls(env.LATCHKEY_RPC_URLS));
  } catch (error) {
    if (error instanceof EarnConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function smsConfig(env: Record<string, string | undefined>): SmsConfig {
  try {
    return loadSmsConfig(env);
  } catch (error) {
    if (error instanceof SmsConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** The OIDC issuer allowlist (server/oidc/config.ts), reported like every other setting's. */
function oidcIssuers(raw: string | undefined): string[] {
  try {
    return parseOidcIssuers(raw);
  } catch (error) {
    if (error instanceof OidcConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function oauth2Providers(raw: string | undefined, issuers: string[]) {
  try {
    return parseOauth2Providers(raw, issuers);
  } catch (error) {
    if (error instanceof OidcConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/** Outbound webhook settings (server/webhooks/config.ts), reported like every other setting's. */
function swap0x(env: Record<string, string | undefined>): ZeroExConfig | undefined {
  try {
    return loadZeroExConfig(env, rpcUrls(env.LATCHKEY_RPC_URLS));
  } catch (error) {
    if (error instanceof ZeroExConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

function webhookConfig(env: Record<string, string | undefined>): WebhookConfig {
  try {
    return loadWebhookConfig(env);
  } catch (error) {
    if (error instanceof WebhookConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = integer(env, "PORT", 3000, 1, 65535);
  const origins = (env.LATCHKEY_ORIGINS ?? `http://localhost:${port}`)
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  return {
    port,
    dataDir: path.resolve(/*turbopackIgnore: true*/ env.LATCHKEY_DATA_DIR || "./.data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: integer(env, "LATCHKEY_DATABASE_POOL_SIZE", 10, 1, 1000),
    databasePrepare: flag(env, "LATCHKEY_DATABASE_PREPARE", true),
    buildOnStart: flag(env, "LATCHKEY_BUILD_ON_START", true),
    masterKey: env.LATCHKEY_MASTER_KEY || undefined,
    previousMasterKeys: env.LATCHKEY_PREVIOUS_MASTER_KEYS || undefined,
    rpId: env.LATCHKEY_RP_ID || "localhost",
    rpName: env.LATCHKEY_RP_NAME || "Latchkey",
    origins,
    logLevel: env.LOG_LEVEL || "info",
    maxBodyBytes: integer(env, "LATCHKEY_MAX_BODY_BYTES", 2 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    sessionSeconds: integer(env, "LATCHKEY_SESSION_SECONDS", 900, 60, 7 * 24 * 3600),
    rpcUrls: rpcUrls(env.LATCHKEY_RPC_URLS),
    rpcTimeoutMs: integer(env, "LATCHKEY_RPC_TIMEOUT_MS", 15_000, 100, 600_000),
    rateLimits: rateLimits(env),
    trustProxyHops: integer(env, "LATCHKEY_TRUST_PROXY", 0, 0, 16),
    metricsToken: metricsToken(env.LATCHKEY_METRICS_TOKEN),
    usdPrices: usdPrices(env.LATCHKEY_USD_PRICES),
    priceSource: priceSource(env),
    earnSamples: {
      intervalSeconds: integer(env, "LATCHKEY_EARN_SAMPLE_INTERVAL_SECONDS", 900, 1, 86_400),
      retentionDays: integer(env, "LATCHKEY_EARN_SAMPLE_RETENTION_DAYS", 90, 1, 3650),
    },
    earnNetworks: earnNetworks(env),
    requireRegistrationChallenge: flag(env, "LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE"),
    mail: {
      smtpUrl: smtpUrl(env.LATCHKEY_SMTP_URL),
      from: env.LATCHKEY_EMAIL_FROM || "Latchkey <no-reply@latchkey.localhost>",
      maxAttempts: integer(env, "LATCHKEY_EMAIL_MAX_ATTEMPTS", 5, 1, 50),
    },
    sms: smsConfig(env),
    webhooks: webhookConfig(env),
    otpLimits: {
      windowSeconds: integer(env, "LATCHKEY_OTP_RATE_LIMIT_WINDOW_SECONDS", 600, 1, 86_400),
      perContact: integer(env, "LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT", 5, 0, MAX_PER_WINDOW),
      perIp: integer(env, "LATCHKEY_OTP_RATE_LIMIT_PER_IP", 30, 0, MAX_PER_WINDOW),
    },
    onRamp: onRamp(env),
    oidcIssuers: oidcIssuers(env.LATCHKEY_OIDC_ISSUERS),
    oauth2Providers: oauth2Providers(env.LATCHKEY_OAUTH2_PROVIDERS, oidcIssuers(env.LATCHKEY_OIDC_ISSUERS)),
    swap0x: swap0x(env),
  };
}
