import path from "node:path";
import { parseRpcUrls } from "./chains/rpc-urls";

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
  /** Bearer token /metrics asks for (LATCHKEY_METRICS_TOKEN); without one, /metrics is off. */
  metricsToken?: string;
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

function rpcUrls(raw: string | undefined): Record<string, string> {
  try {
    return parseRpcUrls(raw);
  } catch (error) {
    throw new ConfigError((error as Error).message);
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
    masterKey: env.LATCHKEY_MASTER_KEY || undefined,
    previousMasterKeys: env.LATCHKEY_PREVIOUS_MASTER_KEYS || undefined,
    rpId: env.LATCHKEY_RP_ID || "localhost",
    rpName: env.LATCHKEY_RP_NAME || "Latchkey",
    origins,
    logLevel: env.LOG_LEVEL || "info",
    maxBodyBytes: integer(env, "LATCHKEY_MAX_BODY_BYTES", 2 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    sessionSeconds: integer(env, "LATCHKEY_SESSION_SECONDS", 900, 60, 7 * 24 * 3600),
    rpcUrls: rpcUrls(env.LATCHKEY_RPC_URLS),
    metricsToken: metricsToken(env.LATCHKEY_METRICS_TOKEN),
  };
}
