import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { deriveKeyPair, formatDerivationPath, parseDerivationPath } from "../hd/derive";

const SEED = hexToBytes("000102030405060708090a0b0c0d0e0f");

function inputError(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error("expected a InputError");
}

describe("parseDerivationPath", () => {
  it("reads hardened and normal levels, with ' or h", () => {
    expect(parseDerivationPath("m/44'/60'/0'/0/7")).toEqual([
      { index: 44, hardened: true },
      { index: 60, hardened: true },
      { index: 0, hardened: true },
      { index: 0, hardened: false },
      { index: 7, hardened: false },
    ]);
    expect(parseDerivationPath("m/44h/60h/0h/0/7")).toEqual(parseDerivationPath("m/44'/60'/0'/0/7"));
    expect(parseDerivationPath("m")).toEqual([]);
  });

  it("accepts the largest index and writes paths back canonically", () => {
    expect(parseDerivationPath("m/2147483647h/2147483647")).toEqual([
      { index: 2147483647, hardened: true },
      { index: 2147483647, hardened: false },
    ]);
    expect(formatDerivationPath(parseDerivationPath("m/84h/0h/0h/1/5"))).toBe("m/84'/0'/0'/1/5");
  });

  it.each([
    ["", "derivation path"],
    ["44'/60'", 'start with "m"'],
    ["M/44'", 'start with "m"'],
    ["m/", 'level 1 ("")'],
    ["m/44'//0", 'level 2 ("")'],
    ["m/44'/abc", 'level 2 ("abc")'],
    ["m/44'/-1", 'level 2 ("-1")'],
    ["m/44'/01", 'level 2 ("01")'],
    ["m/44'/1.5", 'level 2 ("1.5")'],
    ["m/44''", "level 1 (\"44''\")"],
    ["m/44H", 'level 1 ("44H")'],
    ["m/ 44'", 'level 1 (" 44\'")'],
    ["m/0x10", 'level 1 ("0x10")'],
    ["m/2147483648", "below 2^31"],
    ["m/2147483648'", "below 2^31"],
    ["m/99999999999", "level 1"],
  ])("refuses %j, naming the problem", (path, expected) => {
    const error = inputError(() => parseDerivationPath(path));
    expect(error.message).toMatch(/^path: /);
    expect(error.message).toContain(expected);
  });

  it("refuses more than 10 levels", () => {
    expect(parseDerivationPath(`m${"/0".repeat(10)}`)).toHaveLength(10);
    expect(inputError(() => parseDerivationPath(`m${"/0".repeat(11)}`)).message).toContain(
      "at most 10 levels",
    );
  });
});

describe("deriveKeyPair input checks", () => {
  it("refuses a non-hardened level on ed25519, naming it", () => {
    const error = inputError(() => deriveKeyPair(SEED, "CURVE_ED25519", "m/44'/501'/0'/0"));
    expect(error.message).toBe(
      "path: level 4 (0) is not hardened; CURVE_ED25519 derives hardened levels only (write 0')",
    );
  });

  it("derives non-hardened levels on secp256k1 and P-256", () => {
    expect(deriveKeyPair(SEED, "CURVE_SECP256K1", "m/0/1").publicKey).toHaveLength(33);
    expect(deriveKeyPair(SEED, "CURVE_P256", "m/0/1").publicKey).toHaveLength(33);
  });

  it("refuses seeds outside 16 to 64 bytes and unknown curves", () => {
    expect(inputError(() => deriveKeyPair(new Uint8Array(15), "CURVE_SECP256K1", "m")).message).toContain(
      "seed: must be 16 to 64 bytes",
    );
    expect(inputError(() => deriveKeyPair(new Uint8Array(65), "CURVE_SECP256K1", "m")).message).toContain(
      "seed:",
    );
    expect(inputError(() => deriveKeyPair(SEED, "CURVE_ED448" as "CURVE_ED25519", "m")).message).toContain(
      "curve: must be one of CURVE_SECP256K1, CURVE_ED25519, CURVE_P256",
    );
  });

  it("never puts key material in its errors", () => {
    const pair = deriveKeyPair(SEED, "CURVE_ED25519", "m/0'");
    const error = inputError(() => deriveKeyPair(SEED, "CURVE_ED25519", "m/0'/1"));
    for (const secret of [bytesToHex(SEED), bytesToHex(pair.privateKey)]) {
      expect(error.message).not.toContain(secret);
    }
  });
});
