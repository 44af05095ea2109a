import path from "node:path";
import { parseRpcUrls } from "./chains/rpc-urls";
import { parseUsdPrices, type UsdPrices } from "./gas-station/prices";

/** Everything a deployment sets, read once from the environment by `loadConfig`. */
export interface Config {
  port: number;
  dataDir: string;
  /** When set, PostgreSQL is the store; otherwise embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
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
}

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

function rpcUrls(raw: string | undefined): Record<string, string> {
  try {
    return parseRpcUrls(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

const MAX_PER_WINDOW = 1_000_000_000;

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
  };
}
