import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { addressFor, caip2PrefixFor, curvesFor, defaultPathFor } from "../addresses";
import { deriveKeyPair } from "../hd/derive";
import { mnemonicToSeed } from "../hd/mnemonic";
import { ADDRESS_FORMATS, type AddressFormat, CURVES, type Curve } from "../types";

const seed = mnemonicToSeed("legal winner thank year wave sausage worth useful legal winner thank yellow");
const key = (curve: Curve) =>
  deriveKeyPair(seed, curve, curve === "CURVE_ED25519" ? "m/44'/0'/0'" : "m/44'/0'/0'/0/0").publicKey;

function inputError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error("expected a InputError");
}

const EXPECTED_CURVES: Partial<Record<AddressFormat, Curve[]>> = {
  ADDRESS_FORMAT_COMPRESSED: ["CURVE_SECP256K1", "CURVE_ED25519", "CURVE_P256"],
  ADDRESS_FORMAT_UNCOMPRESSED: ["CURVE_SECP256K1", "CURVE_ED25519", "CURVE_P256"],
  ADDRESS_FORMAT_SUI: ["CURVE_ED25519", "CURVE_SECP256K1", "CURVE_P256"],
  ADDRESS_FORMAT_XRP: ["CURVE_SECP256K1", "CURVE_ED25519"],
  ADDRESS_FORMAT_SOLANA: ["CURVE_ED25519"],
  ADDRESS_FORMAT_APTOS: ["CURVE_ED25519"],
  ADDRESS_FORMAT_XLM: ["CURVE_ED25519"],
  ADDRESS_FORMAT_TON_V3R2: ["CURVE_ED25519"],
  ADDRESS_FORMAT_TON_V4R2: ["CURVE_ED25519"],
  ADDRESS_FORMAT_TON_V5R1: ["CURVE_ED25519"],
};
const expectedCurves = (format: AddressFormat) => EXPECTED_CURVES[format] ?? ["CURVE_SECP256K1"];

describe("the format table", () => {
  it("covers all 38 formats, each usable with every curve it lists", () => {
    expect(ADDRESS_FORMATS).toHaveLength(38);
    for (const format of ADDRESS_FORMATS) {
      expect(curvesFor(format)).toEqual(expectedCurves(format));
      for (const curve of curvesFor(format)) {
        for (const index of [0, 3]) {
          const path = defaultPathFor(format, index, curve);
          const { publicKey } = deriveKeyPair(seed, curve, path); // ed25519 paths must be all hardened
          expect(addressFor(format, curve, publicKey).length).toBeGreaterThan(30);
        }
      }
    }
  });

  it("refuses every format/curve pair the chain cannot use, saying which curve it needs", () => {
    let refused = 0;
    for (const format of ADDRESS_FORMATS) {
      for (const curve of CURVES.filter((c) => !expectedCurves(format).includes(c))) {
        expect(inputError(() => addressFor(format, curve, key(curve)))).toBe(
          `${format} needs ${expectedCurves(format).join(" or ")}, not ${curve}`,
        );
        refused++;
      }
    }
    expect(refused).toBe(69); // 28 secp256k1-only formats × 2, 6 ed25519-only × 2, XRP × 1
    expect(
      inputError(() => addressFor("ADDRESS_FORMAT_SOLANA", "CURVE_SECP256K1", key("CURVE_SECP256K1"))),
    ).toBe("ADDRESS_FORMAT_SOLANA needs CURVE_ED25519, not CURVE_SECP256K1");
  });

  it("refuses public keys that are not in KeyPair form or not on the curve", () => {
    const uncompressed = new Uint8Array(65).fill(4);
    const offCurve = Uint8Array.of(0x02, ...new Uint8Array(32).fill(0xff));
    const badPrefix = Uint8Array.of(0x05, ...key("CURVE_SECP256K1").subarray(1));
    for (const bad of [uncompressed, offCurve, badPrefix, new Uint8Array(0)]) {
      expect(inputError(() => addressFor("ADDRESS_FORMAT_ETHEREUM", "CURVE_SECP256K1", bad))).toBe(
        "publicKey: a CURVE_SECP256K1 public key must be a 33-byte compressed SEC1 point on the curve",
      );
    }
    expect(inputError(() => addressFor("ADDRESS_FORMAT_SUI", "CURVE_P256", offCurve))).toMatch(
      /^publicKey: /,
    );
    expect(inputError(() => addressFor("ADDRESS_FORMAT_SOLANA", "CURVE_ED25519", new Uint8Array(31)))).toBe(
      "publicKey: a CURVE_ED25519 public key must be 32 bytes on the curve",
    );
    expect(
      inputError(() => addressFor("ADDRESS_FORMAT_SOLANA", "CURVE_ED25519", key("CURVE_SECP256K1"))),
    ).toMatch(/^publicKey: /);
  });

  it("refuses unknown formats and curves", () => {
    const bogus = "ADDRESS_FORMAT_DOGE_SIGNET" as AddressFormat;
    expect(inputError(() => addressFor(bogus, "CURVE_SECP256K1", key("CURVE_SECP256K1")))).toMatch(
      /^addressFormat: /,
    );
    expect(inputError(() => curvesFor("toString" as AddressFormat))).toMatch(/^addressFormat: /);
    expect(inputError(() => caip2PrefixFor(bogus))).toMatch(/^addressFormat: /);
    expect(
      inputError(() => addressFor("ADDRESS_FORMAT_ETHEREUM", "CURVE_BLS" as Curve, key("CURVE_SECP256K1"))),
    ).toMatch(/^curve: /);
  });

  it("hands out copies of its curve lists", () => {
    curvesFor("ADDRESS_FORMAT_SUI").pop();
    expect(curvesFor("ADDRESS_FORMAT_SUI")).toHaveLength(3);
  });
});

describe("caip2PrefixFor", () => {
  it("names the registered CAIP-2 namespace of each chain family, and none where there is none", () => {
    const expected = (format: AddressFormat): string | undefined => {
      if (format.startsWith("ADDRESS_FORMAT_BITCOIN_") || format.startsWith("ADDRESS_FORMAT_DOGE_"))
        return "bip122";
      return {
        ADDRESS_FORMAT_ETHEREUM: "eip155",
        ADDRESS_FORMAT_SOLANA: "solana",
        ADDRESS_FORMAT_COSMOS: "cosmos",
        ADDRESS_FORMAT_SEI: "cosmos",
        ADDRESS_FORMAT_TRON: "tron",
        ADDRESS_FORMAT_SUI: "sui",
        ADDRESS_FORMAT_APTOS: "aptos",
        ADDRESS_FORMAT_XLM: "stellar",
        ADDRESS_FORMAT_XRP: "xrpl",
      }[format as string];
    };
    for (const format of ADDRESS_FORMATS) {
      expect(caip2PrefixFor(format), format).toBe(expected(format));
    }
    expect(caip2PrefixFor("ADDRESS_FORMAT_TON_V5R1")).toBeUndefined();
    expect(caip2PrefixFor("ADDRESS_FORMAT_SPARK_MAINNET")).toBeUndefined();
    expect(caip2PrefixFor("ADDRESS_FORMAT_COMPRESSED")).toBeUndefined();
  });
});

describe("defaultPathFor", () => {
  it.each([
    ["ADDRESS_FORMAT_ETHEREUM", 4, undefined, "m/44'/60'/0'/0/4"],
    ["ADDRESS_FORMAT_SOLANA", 4, undefined, "m/44'/501'/4'/0'"],
    ["ADDRESS_FORMAT_COSMOS", 4, undefined, "m/44'/118'/0'/0/4"],
    ["ADDRESS_FORMAT_SEI", 4, undefined, "m/44'/118'/0'/0/4"],
    ["ADDRESS_FORMAT_TRON", 4, undefined, "m/44'/195'/0'/0/4"],
    ["ADDRESS_FORMAT_SUI", 4, undefined, "m/44'/784'/4'/0'/0'"],
    ["ADDRESS_FORMAT_SUI", 4, "CURVE_SECP256K1", "m/54'/784'/4'/0/0"],
    ["ADDRESS_FORMAT_SUI", 4, "CURVE_P256", "m/74'/784'/4'/0/0"],
    ["ADDRESS_FORMAT_APTOS", 4, undefined, "m/44'/637'/4'/0'/0'"],
    ["ADDRESS_FORMAT_XLM", 4, undefined, "m/44'/148'/4'"],
    ["ADDRESS_FORMAT_TON_V4R2", 4, undefined, "m/44'/607'/4'"],
    ["ADDRESS_FORMAT_XRP", 4, undefined, "m/44'/144'/0'/0/4"],
    ["ADDRESS_FORMAT_XRP", 4, "CURVE_ED25519", "m/44'/144'/4'/0'/0'"],
    ["ADDRESS_FORMAT_DOGE_MAINNET", 4, undefined, "m/44'/3'/0'/0/4"],
    ["ADDRESS_FORMAT_DOGE_TESTNET", 4, undefined, "m/44'/1'/0'/0/4"],
    ["ADDRESS_FORMAT_SPARK_MAINNET", 4, undefined, "m/8797555'/4'/0'"],
    ["ADDRESS_FORMAT_COMPRESSED", 4, undefined, "m/44'/60'/0'/0/4"],
    ["ADDRESS_FORMAT_COMPRESSED", 4, "CURVE_ED25519", "m/44'/501'/4'/0'"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2PKH", 4, undefined, "m/44'/0'/0'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2SH", 4, undefined, "m/49'/0'/0'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH", 4, undefined, "m/84'/0'/0'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2WSH", 4, undefined, "m/48'/0'/0'/2'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_MAINNET_P2TR", 4, undefined, "m/86'/0'/0'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_TESTNET_P2WPKH", 4, undefined, "m/84'/1'/0'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_SIGNET_P2TR", 4, undefined, "m/86'/1'/0'/0/4"],
    ["ADDRESS_FORMAT_BITCOIN_REGTEST_P2PKH", 4, undefined, "m/44'/1'/0'/0/4"],
  ] as const)("%s account %i (%s) is %s", (format, index, curve, expected) => {
    expect(defaultPathFor(format, index, curve)).toBe(expected);
  });

  it("refuses account indices outside 0 … 2^31 - 1 and curves the format cannot use", () => {
    for (const index of [-1, 1.5, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(inputError(() => defaultPathFor("ADDRESS_FORMAT_ETHEREUM", index))).toBe(
        "accountIndex: must be an integer from 0 to 2^31 - 1",
      );
    }
    expect(defaultPathFor("ADDRESS_FORMAT_SOLANA", 2 ** 31 - 1)).toBe("m/44'/501'/2147483647'/0'");
    expect(inputError(() => defaultPathFor("ADDRESS_FORMAT_SOLANA", 0, "CURVE_P256"))).toBe(
      "ADDRESS_FORMAT_SOLANA needs CURVE_ED25519, not CURVE_P256",
    );
  });
});
