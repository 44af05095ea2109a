import { randomBytes } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { ed25519PublicKey, ed25519Sign } from "../signing/ed25519-native";

// RFC 8032, section 7.1: TEST 1 (empty message) and TEST 2 (one byte).
const VECTORS = [
  {
    seed: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    publicKey: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    message: "",
    signature:
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
  },
  {
    seed: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    publicKey: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    message: "72",
    signature:
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
  },
];

describe("Ed25519 through OpenSSL", () => {
  it("gives RFC 8032's public keys and signatures", () => {
    for (const v of VECTORS) {
      expect(bytesToHex(ed25519PublicKey(hexToBytes(v.seed)))).toBe(v.publicKey);
      expect(bytesToHex(ed25519Sign(hexToBytes(v.seed), hexToBytes(v.message)))).toBe(v.signature);
    }
  });

  it("gives the same bytes as @noble/curves for random keys and messages of every length", () => {
    for (let i = 0; i < 300; i++) {
      const seed = new Uint8Array(randomBytes(32));
      const message = new Uint8Array(randomBytes(i % 7 === 0 ? 0 : (i * 37) % 1500));
      const publicKey = ed25519PublicKey(seed);
      expect(bytesToHex(publicKey)).toBe(bytesToHex(ed25519.getPublicKey(seed)));
      const signature = ed25519Sign(seed, message);
      expect(bytesToHex(signature)).toBe(bytesToHex(ed25519.sign(message, seed)));
      expect(ed25519.verify(signature, message, publicKey)).toBe(true);
    }
  });

  it("leaves the caller's seed as it was and refuses a seed of the wrong length", () => {
    const seed = new Uint8Array(randomBytes(32));
    const copy = seed.slice();
    ed25519Sign(seed, new Uint8Array([1, 2, 3]));
    expect(seed).toEqual(copy);
    expect(() => ed25519Sign(new Uint8Array(31), new Uint8Array())).toThrow(/32 bytes, got 31/);
    expect(() => ed25519PublicKey(new Uint8Array(64))).toThrow(/32 bytes, got 64/);
  });
});
