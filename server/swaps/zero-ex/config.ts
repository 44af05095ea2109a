import { canonicalCaip2, chainInfo } from "@/lib/api/chains";

/**
 * The 0x Swap API v2 adapter's settings (README "Swaps through 0x"). Off unless an API key is set:
 * 0x refuses every request without one, so a key is what turns the adapter on.
 */
export interface ZeroExConfig {
  /** LATCHKEY_SWAP_0X_URL: the API's base URL (tests point it at a local fake). */
  url: string;
  /** LATCHKEY_SWAP_0X_API_KEY: sent as the `0x-api-key` header; never logged or returned. */
  apiKey: string;
  /** LATCHKEY_SWAP_0X_CHAINS: the EVM chains (caip2) whose quotes come from 0x. */
  chains: string[];
  /** LATCHKEY_SWAP_0X_TIMEOUT_MS: how long one call to 0x may take before it counts as unanswered. */
  timeoutMs: number;
}

export class ZeroExConfigError extends Error {}

const DEFAULT_URL = "https://api.0x.org";

/**
 * Reads the 0x settings. Without LATCHKEY_SWAP_0X_CHAINS, 0x serves every EVM chain of
 * LATCHKEY_RPC_URLS (the real networks, which have no local pools); naming chains explicitly also
 * lets a local devnet quote through 0x (the tests' fake does exactly that).
 */
export function loadZeroExConfig(
  env: Record<string, string | undefined>,
  rpcUrls: Record<string, string>,
): ZeroExConfig | undefined {
  const apiKey = env.LATCHKEY_SWAP_0X_API_KEY || undefined;
  const listed = (env.LATCHKEY_SWAP_0X_CHAINS ?? "")
    .split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  if (!apiKey) {
    if (listed.length > 0) {
      throw new ZeroExConfigError("LATCHKEY_SWAP_0X_CHAINS is set but LATCHKEY_SWAP_0X_API_KEY is not");
    }
    return undefined;
  }
  const url = (env.LATCHKEY_SWAP_0X_URL || DEFAULT_URL).replace(/\/+$/, "");
  if (!/^https?:\/\/[^/\s]+/.test(url)) {
    throw new ZeroExConfigError(`LATCHKEY_SWAP_0X_URL must be an http(s) URL, got "${url}"`);
  }
  const chains =
    listed.length > 0
      ? listed.map((raw) => {
          const caip2 = canonicalCaip2(raw);
          if (!caip2 || chainInfo(caip2)?.family !== "evm") {
            throw new ZeroExConfigError(
              `LATCHKEY_SWAP_0X_CHAINS names "${raw}", which is not a known EVM chain`,
            );
          }
          return caip2;
        })
      : Object.keys(rpcUrls).filter((caip2) => chainInfo(caip2)?.family === "evm");
  const rawTimeout = env.LATCHKEY_SWAP_0X_TIMEOUT_MS;
  const timeoutMs = rawTimeout ? Number(rawTimeout) : 5000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000) {
    throw new ZeroExConfigError(
      `LATCHKEY_SWAP_0X_TIMEOUT_MS must be an integer between 100 and 60000, got "${rawTimeout}"`,
    );
  }
  return { url, apiKey, chains, timeoutMs };
}
