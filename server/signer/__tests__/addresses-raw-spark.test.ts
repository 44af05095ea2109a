import { createECDH, createPrivateKey, createPublicKey } from "node:crypto";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { bech32m } from "@scure/base";
import { describe, expect, it } from "vitest";
import { addressFor, defaultPathFor } from "../addresses";
import { deriveKeyPair } from "../hd/derive";
import { mnemonicToSeed } from "../hd/mnemonic";
import type { Curve } from "../types";

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const seed = mnemonicToSeed(ABOUT);

/** The public key of a private key as OpenSSL (node:crypto) computes it. */
function opensslPublicKey(curve: Curve, privateKey: Uint8Array, form: "compressed" | "uncompressed"): string {
  if (curve === "CURVE_ED25519") {
    const pkcs8 = Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), privateKey]);
    const spki = createPublicKey(createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" })).export({
      format: "der",
      type: "spki",
    });
    return spki.subarray(-32).toString("hex");
  }
  const ecdh = createECDH(curve === "CURVE_P256" ? "prime256v1" : "secp256k1");
  ecdh.setPrivateKey(privateKey);
  return ecdh.getPublicKey("hex", form);
}

describe("ADDRESS_FORMAT_COMPRESSED and _UNCOMPRESSED against node:crypto (OpenSSL)", () => {
  it.each(["CURVE_SECP256K1", "CURVE_P256", "CURVE_ED25519"] as const)("%s", (curve) => {
    for (const index of [0, 1, 5]) {
      const pair = deriveKeyPair(seed, curve, defaultPathFor("ADDRESS_FORMAT_COMPRESSED", index, curve));
      const compressed = addressFor("ADDRESS_FORMAT_COMPRESSED", curve, pair.publicKey);
      const uncompressed = addressFor("ADDRESS_FORMAT_UNCOMPRESSED", curve, pair.publicKey);
      expect(compressed).toBe(opensslPublicKey(curve, pair.privateKey, "compressed"));
      expect(uncompressed).toBe(opensslPublicKey(curve, pair.privateKey, "uncompressed"));
      if (curve === "CURVE_ED25519") {
        expect(compressed).toMatch(/^[0-9a-f]{64}$/); // ed25519 has one 32-byte form
      } else {
        expect(compressed).toMatch(/^0[23][0-9a-f]{64}$/);
        expect(uncompressed).toMatch(/^04[0-9a-f]{128}$/);
      }
    }
  });
});

describe("ADDRESS_FORMAT_SPARK_* (bech32m of the protobuf SparkAddress{identity_public_key})", () => {
  it("matches the Spark SDK's known regtest address for its identity key", () => {
    // buildonspark/spark, spark-sdk src/tests/address.test.ts, "knownSparkAddress".
    const identityKey = hexToBytes("0353908bac090ba741de6147a540a665537006911590f93249b2823dbe187d3213");
    expect(addressFor("ADDRESS_FORMAT_SPARK_REGTEST", "CURVE_SECP256K1", identityKey)).toBe(
      "sparkrt1pgssx5us3wkqjza8g80xz3a9gznx25msq6g3ty8exfym9q3ahcv86vsnxxdy83",
    );
  });

  it("re-creates the Spark SDK's mainnet example from the key it carries", () => {
    // Same test file, getNetworkFromSparkAddress "MAINNET". Its key is read out of the address.
    const published = "spark1pgss9qg3vdslzmt2name9v550skuvlu6lj5xt9sly90k7p0gxughlqv023jqmc";
    const payload = bech32m.fromWords(bech32m.decode(published as `${string}1${string}`).words);
    expect(bytesToHex(payload.subarray(0, 2))).toBe("0a21"); // field 1, 33 bytes
    const identityKey = payload.subarray(2);
    expect(addressFor("ADDRESS_FORMAT_SPARK_MAINNET", "CURVE_SECP256K1", identityKey)).toBe(published);
  });

  it("uses the current prefixes for the derived identity key", () => {
    const { publicKey } = deriveKeyPair(
      seed,
      "CURVE_SECP256K1",
      defaultPathFor("ADDRESS_FORMAT_SPARK_MAINNET", 0),
    );
    const mainnet = addressFor("ADDRESS_FORMAT_SPARK_MAINNET", "CURVE_SECP256K1", publicKey);
    const regtest = addressFor("ADDRESS_FORMAT_SPARK_REGTEST", "CURVE_SECP256K1", publicKey);
    expect(mainnet).toMatch(/^spark1pgss/);
    expect(regtest).toMatch(/^sparkrt1pgss/);
    const decoded = bech32m.decode(regtest as `${string}1${string}`);
    expect(bytesToHex(bech32m.fromWords(decoded.words))).toBe(`0a21${bytesToHex(publicKey)}`);
  });
});
