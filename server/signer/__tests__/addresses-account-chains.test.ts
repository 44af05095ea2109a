import { encodeSecp256k1Pubkey, pubkeyToAddress } from "@cosmjs/amino";
import { Bip39, EnglishMnemonic, Secp256k1, Slip10, Slip10Curve, stringToPath } from "@cosmjs/crypto";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import { mnemonicToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { deriveAddress, Wallet } from "xrpl";
import { addressFor, defaultPathFor } from "../addresses";
import { deriveKeyPair } from "../hd/derive";
import { mnemonicToSeed } from "../hd/mnemonic";

/**
 * Account-based secp256k1 chains (and XRP's ed25519 accounts). Each reference derives the key
 * itself from the mnemonic where the library can (viem, @cosmjs, xrpl), so derivation and
 * encoding are both checked; published first addresses of abandon … about pin the defaults.
 */

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const seed = mnemonicToSeed(ABOUT);
const INDICES = [0, 1, 2, 7];

describe("ADDRESS_FORMAT_ETHEREUM against viem", () => {
  it("matches the well-known first address", () => {
    const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", "m/44'/60'/0'/0/0");
    expect(addressFor("ADDRESS_FORMAT_ETHEREUM", "CURVE_SECP256K1", publicKey)).toBe(
      "0x9858EfFD232B4033E47d90003D41EC34EcaEda94",
    );
  });

  it.each(INDICES)("account %i, EIP-55 checksummed", (index) => {
    const path = defaultPathFor("ADDRESS_FORMAT_ETHEREUM", index);
    const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", path);
    const viem = mnemonicToAccount(ABOUT, { path: path as `m/44'/60'/${string}` });
    expect(addressFor("ADDRESS_FORMAT_ETHEREUM", "CURVE_SECP256K1", publicKey)).toBe(viem.address);
  });
});

describe("ADDRESS_FORMAT_TRON", () => {
  // Account 0 is the first address every Tron wallet shows for abandon … about (Ledger's Tron
  // app test, Ian Coleman's tool); 1 and 2 as other wallets' test suites list them.
  it.each([
    [0, "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"],
    [1, "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK"],
    [2, "TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx"],
  ])("account %i is %s", (index, expected) => {
    const { publicKey } = deriveKeyPair(
      seed,
      "CURVE_SECP256K1",
      defaultPathFor("ADDRESS_FORMAT_TRON", index),
    );
    expect(addressFor("ADDRESS_FORMAT_TRON", "CURVE_SECP256K1", publicKey)).toBe(expected);
  });

  it.each(INDICES)("account %i carries 0x41 and viem's 20-byte account id under Base58Check", (index) => {
    const path = defaultPathFor("ADDRESS_FORMAT_TRON", index);
    const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", path);
    const decoded = base58.decode(addressFor("ADDRESS_FORMAT_TRON", "CURVE_SECP256K1", publicKey));
    const payload = decoded.subarray(0, 21);
    expect(bytesToHex(decoded.subarray(21))).toBe(bytesToHex(sha256(sha256(payload)).subarray(0, 4)));
    const viem = mnemonicToAccount(ABOUT, { path: path as `m/44'/60'/${string}` });
    expect(bytesToHex(payload)).toBe(`41${viem.address.slice(2).toLowerCase()}`);
  });
});

describe("ADDRESS_FORMAT_COSMOS and ADDRESS_FORMAT_SEI against @cosmjs", () => {
  it("matches the well-known first Cosmos Hub address", () => {
    const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", "m/44'/118'/0'/0/0");
    expect(addressFor("ADDRESS_FORMAT_COSMOS", "CURVE_SECP256K1", publicKey)).toBe(
      "cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4",
    );
  });

  it.each([
    ["ADDRESS_FORMAT_COSMOS", "cosmos"],
    ["ADDRESS_FORMAT_SEI", "sei"],
  ] as const)("%s (bech32 prefix %s), cosmjs deriving the key itself", async (format, prefix) => {
    const cosmjsSeed = await Bip39.mnemonicToSeed(new EnglishMnemonic(ABOUT));
    for (const index of INDICES) {
      const path = defaultPathFor(format, index);
      const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, cosmjsSeed, stringToPath(path));
      const compressed = Secp256k1.compressPubkey((await Secp256k1.makeKeypair(privkey)).pubkey);
      const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", path);
      expect(bytesToHex(publicKey)).toBe(bytesToHex(compressed));
      expect(addressFor(format, "CURVE_SECP256K1", publicKey)).toBe(
        pubkeyToAddress(encodeSecp256k1Pubkey(compressed), prefix),
      );
    }
  });
});

describe("ADDRESS_FORMAT_XRP against xrpl", () => {
  it("secp256k1 matches Wallet.fromMnemonic and the published first address", () => {
    expect(
      addressFor(
        "ADDRESS_FORMAT_XRP",
        "CURVE_SECP256K1",
        deriveKeyPair(seed, "CURVE_SECP256K1", "m/44'/144'/0'/0/0").publicKey,
      ),
    ).toBe("rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3");
    for (const index of INDICES) {
      const path = defaultPathFor("ADDRESS_FORMAT_XRP", index, "CURVE_SECP256K1");
      const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", path);
      const wallet = Wallet.fromMnemonic(ABOUT, { derivationPath: path });
      expect(wallet.publicKey).toBe(bytesToHex(publicKey).toUpperCase());
      expect(addressFor("ADDRESS_FORMAT_XRP", "CURVE_SECP256K1", publicKey)).toBe(wallet.classicAddress);
    }
  });

  it("ed25519 keys are hashed with their 0xED prefix, as xrpl does", () => {
    for (const index of INDICES) {
      const path = defaultPathFor("ADDRESS_FORMAT_XRP", index, "CURVE_ED25519");
      const pair = deriveKeyPair(seed, "CURVE_ED25519", path);
      const wallet = new Wallet(`ED${bytesToHex(pair.publicKey)}`, `ED${bytesToHex(pair.privateKey)}`);
      const address = addressFor("ADDRESS_FORMAT_XRP", "CURVE_ED25519", pair.publicKey);
      expect(address).toBe(wallet.classicAddress);
      expect(address).toBe(deriveAddress(`ED${bytesToHex(pair.publicKey).toUpperCase()}`));
    }
  });
});
