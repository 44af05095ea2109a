import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";

/**
 * LATCHKEY_EARN_NETWORKS and LATCHKEY_EARN_OPERATOR_KEY: a mistake stops the start with a message
 * naming the setting and the place, never a half-configured Earn.
 */
const VAULT = {
  provider: "EARN_PROVIDER_MORPHO",
  address: "0x78666e36022061e3860161C01a581341E4378FF4",
  name: "Prime USDC",
  shareSymbol: "pUSDC",
  asset: { address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", symbol: "USDC", decimals: 6 },
};
const FACTORY = "0x87F6614b9913d7787330A75FbC074697DF2e4D06";
const KEY = `0x${"11".repeat(32)}`;
const load = (networks: unknown, extra: Record<string, string> = {}) =>
  loadConfig({
    LATCHKEY_RPC_URLS: "eip155:8453=http://127.0.0.1:8545",
    LATCHKEY_EARN_NETWORKS: typeof networks === "string" ? networks : JSON.stringify(networks),
    LATCHKEY_EARN_OPERATOR_KEY: KEY,
    ...extra,
  });

describe("LATCHKEY_EARN_NETWORKS", () => {
  it("is empty by default: Earn runs on the local devnets only", () => {
    expect(loadConfig({}).earnNetworks).toEqual({ networks: {} });
  });

  it("reads a configured chain's factory, vaults and the operator's key", () => {
    const { earnNetworks } = load({ "eip155:8453": { factory: FACTORY, vaults: [VAULT] } });
    expect(earnNetworks.operatorKey).toBe(KEY);
    expect(earnNetworks.networks["eip155:8453"]).toEqual({
      factory: FACTORY,
      vaults: [
        {
          provider: VAULT.provider,
          address: VAULT.address,
          name: VAULT.name,
          curator: "",
          shareSymbol: VAULT.shareSymbol,
          token: VAULT.asset,
        },
      ],
    });
  });

  it.each([
    ["not JSON", "{", /LATCHKEY_EARN_NETWORKS must be JSON/],
    [
      "a bad address",
      { "eip155:8453": { factory: "0x12", vaults: [VAULT] } },
      /eip155:8453\.factory: must be a 0x/,
    ],
    ["no vault", { "eip155:8453": { factory: FACTORY, vaults: [] } }, /eip155:8453\.vaults/],
    [
      "an APY source it does not know",
      { "eip155:8453": { factory: FACTORY, vaults: [{ ...VAULT, apy: { source: "oracle" } }] } },
      /eip155:8453\.vaults\.0\.apy/,
    ],
    [
      "a chain that is not an Earn chain",
      { "eip155:10": { factory: FACTORY, vaults: [VAULT] } },
      /eip155:10: Earn runs on/,
    ],
    [
      "a chain served by a local devnet",
      { "eip155:1": { factory: FACTORY, vaults: [VAULT] } },
      /eip155:1, which LATCHKEY_RPC_URLS does not configure/,
    ],
  ])("refuses %s", (_what, networks, message) => {
    expect(() => load(networks)).toThrow(message);
  });

  it("needs the operator's key, a 32-byte hex private key", () => {
    const networks = { "eip155:8453": { factory: FACTORY, vaults: [VAULT] } };
    expect(() => load(networks, { LATCHKEY_EARN_OPERATOR_KEY: "" })).toThrow(
      /needs LATCHKEY_EARN_OPERATOR_KEY/,
    );
    expect(() => load(networks, { LATCHKEY_EARN_OPERATOR_KEY: "0x1234" })).toThrow(/32-byte hex private key/);
  });
});
