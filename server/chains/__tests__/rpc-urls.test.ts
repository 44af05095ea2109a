import { describe, expect, it } from "vitest";
import { canonicalCaip2 } from "@/lib/api/chains";
import { loadConfig } from "../../config";
import { parseRpcUrls } from "../rpc-urls";

describe("LATCHKEY_RPC_URLS", () => {
  it("maps each listed chain (any accepted spelling) to its URL; unlisted chains stay local", () => {
    expect(
      parseRpcUrls(" eip155:1=https://eth.example/v2/KEY , solana:mainnet=http://127.0.0.1:8899 "),
    ).toEqual({
      "eip155:1": "https://eth.example/v2/KEY",
      "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "http://127.0.0.1:8899",
    });
    expect(parseRpcUrls(undefined)).toEqual({});
    expect(loadConfig({}).rpcUrls).toEqual({});
  });

  it("refuses what it cannot use, naming the entry", () => {
    expect(() => parseRpcUrls("eip155:1")).toThrow(/"eip155:1" is not caip2=url/);
    expect(() => parseRpcUrls("eip155:999=https://x.example")).toThrow(/unknown chain "eip155:999"/);
    expect(() => parseRpcUrls("eip155:1=ftp://x.example")).toThrow(/must be http or https/);
    expect(() => loadConfig({ LATCHKEY_RPC_URLS: "eip155:1=not a url" })).toThrow(/not a URL/);
  });

  it("knows the six spellings of the two Solana clusters and nothing else", () => {
    const mainnet = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
    const devnet = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
    for (const alias of ["solana:mainnet", mainnet, "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d"]) {
      expect(canonicalCaip2(alias)).toBe(mainnet);
    }
    for (const alias of ["solana:devnet", devnet, "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG"]) {
      expect(canonicalCaip2(alias)).toBe(devnet);
    }
    expect(canonicalCaip2("solana:testnet")).toBeUndefined();
  });
});
