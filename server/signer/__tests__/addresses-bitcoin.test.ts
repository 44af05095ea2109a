import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import * as btc from "@scure/btc-signer";
import { describe, expect, it } from "vitest";
import { addressFor, defaultPathFor } from "../addresses";
import { deriveKeyPair } from "../hd/derive";
import { mnemonicToSeed } from "../hd/mnemonic";
import type { AddressFormat, BitcoinKind, BitcoinNetwork } from "../types";

/**
 * Bitcoin and Dogecoin. The product encodes with @scure/base and @noble/curves only; the
 * references are the BIPs' published vectors and @scure/btc-signer's payment builders fed with
 * keys derived by @scure/bip32 (neither library is used by the product code).
 */

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const seed = mnemonicToSeed(ABOUT);
const address = (format: AddressFormat, path: string) =>
  addressFor(format, "CURVE_SECP256K1", deriveKeyPair(seed, "CURVE_SECP256K1", path).publicKey);

describe("published vectors for abandon … about", () => {
  it.each([
    // BIP-84
    [
      "ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH",
      "m/84'/0'/0'/0/0",
      "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    ],
    [
      "ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH",
      "m/84'/0'/0'/0/1",
      "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
    ],
    [
      "ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH",
      "m/84'/0'/0'/1/0",
      "bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el",
    ],
    // BIP-86
    [
      "ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR",
      "m/86'/0'/0'/0/0",
      "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr",
    ],
    [
      "ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR",
      "m/86'/0'/0'/0/1",
      "bc1p4qhjn9zdvkux4e44uhx8tc55attvtyu358kutcqkudyccelu0was9fqzwh",
    ],
    [
      "ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR",
      "m/86'/0'/0'/1/0",
      "bc1p3qkhfews2uk44qtvauqyr2ttdsw7svhkl9nkm9s9c3x4ax5h60wqwruhk7",
    ],
    // BIP-49 (testnet vector in the BIP; the mainnet one is Trezor's and every BIP-49 wallet's)
    ["ADDRESS_FORMAT_BITCOIN_TESTNET_P2SH", "m/49'/1'/0'/0/0", "2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH", "m/49'/0'/0'/0/0", "37VucYSaXLCAsxYyAPfbSi9eh4iEcbShgf"],
    // BIP-44 (wallets' first legacy address; BIP-44 itself lists no vectors)
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH", "m/44'/0'/0'/0/0", "1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH", "m/44'/0'/0'/0/1", "1Ak8PffB2meyfYnbXZR9EGfLfFZVpzJvQP"],
    // Dogecoin's first BIP-44 address (Ledger Live, Trezor, Coinomi)
    ["ADDRESS_FORMAT_DOGE_MAINNET", "m/44'/3'/0'/0/0", "DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC"],
  ] as const)("%s at %s is %s", (format, path, expected) => {
    expect(address(format, path)).toBe(expected);
  });
});

const REGTEST: typeof btc.NETWORK = { bech32: "bcrt", pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
const NETWORKS: Record<BitcoinNetwork, typeof btc.NETWORK> = {
  MAINNET: btc.NETWORK,
  TESTNET: btc.TEST_NETWORK,
  SIGNET: btc.TEST_NETWORK, // signet shares testnet's prefixes
  REGTEST,
};
const REFERENCE: Record<BitcoinKind, (pub: Uint8Array, net: typeof btc.NETWORK) => string | undefined> = {
  P2PKH: (pub, net) => btc.p2pkh(pub, net).address,
  P2SH: (pub, net) => btc.p2sh(btc.p2wpkh(pub, net), net).address,
  P2WPKH: (pub, net) => btc.p2wpkh(pub, net).address,
  P2WSH: (pub, net) => btc.p2wsh(btc.p2pk(pub, net), net).address,
  P2TR: (pub, net) => btc.p2tr(pub.subarray(1), undefined, net).address,
};

describe("all 20 Bitcoin formats against @scure/btc-signer", () => {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(ABOUT));
  const cases = (Object.keys(NETWORKS) as BitcoinNetwork[]).flatMap((net) =>
    (Object.keys(REFERENCE) as BitcoinKind[]).map((kind) => [net, kind] as const),
  );

  it.each(cases)("%s %s, accounts 0 to 2 on the default path", (net, kind) => {
    const format = `ADDRESS_FORMAT_BITCOIN_${net}_${kind}` as const;
    for (const index of [0, 1, 2]) {
      const path = defaultPathFor(format, index);
      const publicKey = root.derive(path).publicKey!;
      const expected = REFERENCE[kind](publicKey, NETWORKS[net]);
      expect(expected).toBeTruthy();
      expect(address(format, path)).toBe(expected);
    }
  });

  it("uses each network's prefixes", () => {
    const path = "m/84'/1'/0'/0/0";
    expect(address("ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH", path)).toMatch(/^tb1q/);
    expect(address("ADDRESS_FORMAT_BITCOIN_SIGNET_P2WPKH", path)).toMatch(/^tb1q/);
    expect(address("ADDRESS_FORMAT_BITCOIN_REGTEST_P2WPKH", path)).toMatch(/^bcrt1q/);
    expect(address("ADDRESS_FORMAT_BITCOIN_REGTEST_P2TR", path)).toMatch(/^bcrt1p/);
    expect(address("ADDRESS_FORMAT_BITCOIN_REGTEST_P2WSH", path)).toMatch(/^bcrt1q.{58}$/);
    expect(address("ADDRESS_FORMAT_BITCOIN_TESTNET_P2PKH", path)).toMatch(/^[mn]/);
    expect(address("ADDRESS_FORMAT_BITCOIN_SIGNET_P2SH", path)).toMatch(/^2/);
  });
});

describe("Dogecoin against @scure/btc-signer with Dogecoin's version bytes", () => {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(ABOUT));
  it.each([
    ["ADDRESS_FORMAT_DOGE_MAINNET", 0x1e, /^D/],
    ["ADDRESS_FORMAT_DOGE_TESTNET", 0x71, /^n/],
  ] as const)("%s", (format, pubKeyHash, prefix) => {
    const network = { bech32: "", pubKeyHash, scriptHash: 0x16, wif: 0x9e };
    for (const index of [0, 1, 2]) {
      const path = defaultPathFor(format, index);
      const got = address(format, path);
      expect(got).toBe(btc.p2pkh(root.derive(path).publicKey!, network).address);
      expect(got).toMatch(prefix);
    }
  });
});
