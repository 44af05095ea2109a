import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../config";
import type { AppContext } from "../../../context";
import { providerForChain } from "../../providers";

/** LATCHKEY_SWAP_0X_*: off without a key; with one, the configured nodes' EVM chains quote through 0x. */

const KEY = { LATCHKEY_MASTER_KEY: "00".repeat(32) };

describe("the 0x adapter's configuration", () => {
  it("is off without an API key, and refuses chains named without one", () => {
    expect(loadConfig(KEY).swap0x).toBeUndefined();
    expect(() => loadConfig({ ...KEY, LATCHKEY_SWAP_0X_CHAINS: "eip155:1" })).toThrow(
      /LATCHKEY_SWAP_0X_CHAINS is set but LATCHKEY_SWAP_0X_API_KEY is not/,
    );
  });

  it("serves the EVM chains of LATCHKEY_RPC_URLS by default, with 0x's public URL and a 5 s timeout", () => {
    const config = loadConfig({
      ...KEY,
      LATCHKEY_SWAP_0X_API_KEY: "k",
      LATCHKEY_RPC_URLS: "eip155:8453=https://base.example/rpc,solana:mainnet=https://sol.example",
    });
    expect(config.swap0x).toEqual({
      url: "https://api.0x.org",
      apiKey: "k",
      chains: ["eip155:8453"],
      timeoutMs: 5000,
    });
    const app = { config } as AppContext;
    expect(providerForChain(app, "eip155:8453", "inputToken").name).toBe("ZERO_EX");
    // A local devnet keeps its pools unless 0x is named for it.
    expect(providerForChain(app, "eip155:1", "inputToken").name).toBe("LATCHKEY_LOCAL_POOLS");
  });

  it("without 0x, a configured node's chain has no provider (400)", () => {
    const config = loadConfig({ ...KEY, LATCHKEY_RPC_URLS: "eip155:8453=https://base.example/rpc" });
    expect(() => providerForChain({ config } as AppContext, "eip155:8453", "inputToken")).toThrow(
      /no swap provider serves eip155:8453.*LATCHKEY_SWAP_0X_API_KEY/,
    );
  });

  it("refuses a bad URL, an unknown or non-EVM chain and a timeout out of range, naming the variable", () => {
    for (const [env, message] of [
      [{ LATCHKEY_SWAP_0X_URL: "ftp://x" }, /LATCHKEY_SWAP_0X_URL must be an http\(s\) URL/],
      [{ LATCHKEY_SWAP_0X_CHAINS: "eip155:999999" }, /names "eip155:999999", which is not a known EVM chain/],
      [{ LATCHKEY_SWAP_0X_CHAINS: "solana:mainnet" }, /not a known EVM chain/],
      [
        { LATCHKEY_SWAP_0X_TIMEOUT_MS: "50" },
        /LATCHKEY_SWAP_0X_TIMEOUT_MS must be an integer between 100 and 60000/,
      ],
    ] as const) {
      const load = () => loadConfig({ ...KEY, LATCHKEY_SWAP_0X_API_KEY: "k", ...env });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(message);
    }
  });
});
