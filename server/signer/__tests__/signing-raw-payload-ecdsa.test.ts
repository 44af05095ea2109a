import { createHash, createPublicKey, verify } from "node:crypto";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { keccak256, recoverAddress, serializeSignature, stringToBytes, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { signRawPayload } from "../signing/raw-payload";
import type { HashFunction, KeyPair, PayloadEncoding, RawSignature } from "../types";

const SECP_PRIVATE = "4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318";
const P256_PRIVATE = "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721";

function ecdsaKey(curve: "CURVE_SECP256K1" | "CURVE_P256", privateHex: string): KeyPair {
  const privateKey = hexToBytes(privateHex);
  const publicKey = (curve === "CURVE_SECP256K1" ? secp256k1 : p256).getPublicKey(privateKey, true);
  return { curve, privateKey, publicKey };
}

const MESSAGE = "Latchkey signs this message";
const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash("sha256").update(bytes).digest());
const keccak = (bytes: Uint8Array) => hexToBytes(keccak256(bytes).slice(2));

/** The digest a signer must have signed, computed here with node:crypto / viem, not the product code. */
function expectedDigest(bytes: Uint8Array, hash: HashFunction): Uint8Array {
  if (hash === "HASH_FUNCTION_SHA256") return sha256(bytes);
  if (hash === "HASH_FUNCTION_KECCAK256") return keccak(bytes);
  return bytes;
}

/** For NO_OP the payload is itself a 32-byte digest; otherwise it is the message. */
function payloadFor(encoding: PayloadEncoding, hash: HashFunction): { payload: string; bytes: Uint8Array } {
  const bytes = hash === "HASH_FUNCTION_NO_OP" ? sha256(stringToBytes(MESSAGE)) : stringToBytes(MESSAGE);
  if (encoding === "PAYLOAD_ENCODING_TEXT_UTF8") {
    // A 32-character ASCII string is 32 bytes, so it can stand as a NO_OP digest too.
    const text = hash === "HASH_FUNCTION_NO_OP" ? "0123456789abcdef0123456789abcdef" : MESSAGE;
    return { payload: text, bytes: stringToBytes(text) };
  }
  return { payload: bytesToHex(bytes), bytes };
}

function expectWellFormed(sig: RawSignature) {
  expect(sig.r).toMatch(/^[0-9a-f]{64}$/);
  expect(sig.s).toMatch(/^[0-9a-f]{64}$/);
  expect(["00", "01"]).toContain(sig.v);
}

const ENCODINGS = ["PAYLOAD_ENCODING_HEXADECIMAL", "PAYLOAD_ENCODING_TEXT_UTF8"] as const;
const HASHES = ["HASH_FUNCTION_NO_OP", "HASH_FUNCTION_SHA256", "HASH_FUNCTION_KECCAK256"] as const;

describe("signRawPayload with secp256k1", () => {
  const key = ecdsaKey("CURVE_SECP256K1", SECP_PRIVATE);
  const address = privateKeyToAccount(`0x${SECP_PRIVATE}`).address;

  for (const encoding of ENCODINGS) {
    for (const hash of HASHES) {
      it(`${encoding} × ${hash}: recovers to the key's Ethereum address and is low-S`, async () => {
        const { payload, bytes } = payloadFor(encoding, hash);
        const sig = signRawPayload(key, payload, encoding, hash);
        expectWellFormed(sig);
        const digest = expectedDigest(bytes, hash);
        const signature = serializeSignature({ r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number(sig.v) });
        expect(await recoverAddress({ hash: toHex(digest), signature })).toBe(address);
        expect(BigInt(`0x${sig.s}`) <= secp256k1.Point.Fn.ORDER / 2n).toBe(true);
      });
    }
  }

  it("accepts hex with a 0x prefix (as @turnkey/viem sends hashMessage output) and without", () => {
    const digest = bytesToHex(sha256(stringToBytes(MESSAGE)));
    const withPrefix = signRawPayload(
      key,
      `0x${digest}`,
      "PAYLOAD_ENCODING_HEXADECIMAL",
      "HASH_FUNCTION_NO_OP",
    );
    const upperCase = signRawPayload(
      key,
      digest.toUpperCase(),
      "PAYLOAD_ENCODING_HEXADECIMAL",
      "HASH_FUNCTION_NO_OP",
    );
    expect(withPrefix).toEqual(
      signRawPayload(key, digest, "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_NO_OP"),
    );
    expect(upperCase).toEqual(withPrefix);
  });

  it("is deterministic RFC 6979: private key 1 over sha256('Satoshi Nakamoto') gives the published signature", () => {
    const one = ecdsaKey("CURVE_SECP256K1", `${"00".repeat(31)}01`);
    const sig = signRawPayload(one, "Satoshi Nakamoto", "PAYLOAD_ENCODING_TEXT_UTF8", "HASH_FUNCTION_SHA256");
    expect(sig.r).toBe("934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8");
    expect(sig.s).toBe("2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5");
  });
});

describe("signRawPayload with P-256", () => {
  const key = ecdsaKey("CURVE_P256", P256_PRIVATE);
  // node:crypto (OpenSSL) is the independent verifier; it takes the public key as a JWK.
  function nodeKey() {
    const point = p256.Point.fromBytes(key.publicKey).toAffine();
    const b64 = (n: bigint) => Buffer.from(n.toString(16).padStart(64, "0"), "hex").toString("base64url");
    return createPublicKey({
      key: { kty: "EC", crv: "P-256", x: b64(point.x), y: b64(point.y) },
      format: "jwk",
    });
  }

  for (const encoding of ENCODINGS) {
    for (const hash of HASHES) {
      it(`${encoding} × ${hash}: verifies over the digest, recovers the public key, low-S`, () => {
        const { payload, bytes } = payloadFor(encoding, hash);
        const sig = signRawPayload(key, payload, encoding, hash);
        expectWellFormed(sig);
        const digest = expectedDigest(bytes, hash);
        const compact = hexToBytes(sig.r + sig.s);
        expect(p256.verify(compact, digest, key.publicKey, { prehash: false })).toBe(true);
        const recovered = p256.Signature.fromBytes(compact)
          .addRecoveryBit(Number(sig.v))
          .recoverPublicKey(digest);
        expect(bytesToHex(recovered.toBytes(true))).toBe(bytesToHex(key.publicKey));
        expect(BigInt(`0x${sig.s}`) <= p256.Point.Fn.ORDER / 2n).toBe(true);
      });
    }
  }

  it("SHA256 signatures verify with node:crypto (OpenSSL) over the original message", () => {
    const sig = signRawPayload(key, MESSAGE, "PAYLOAD_ENCODING_TEXT_UTF8", "HASH_FUNCTION_SHA256");
    const ok = verify(
      "sha256",
      stringToBytes(MESSAGE),
      { key: nodeKey(), dsaEncoding: "ieee-p1363" },
      hexToBytes(sig.r + sig.s),
    );
    expect(ok).toBe(true);
  });

  it("is deterministic RFC 6979: the RFC's A.2.5 key over 'sample' gives its r and the low-S form of its s", () => {
    const sig = signRawPayload(key, "sample", "PAYLOAD_ENCODING_TEXT_UTF8", "HASH_FUNCTION_SHA256");
    const rfcS = 0xf7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8n;
    expect(sig.r).toBe("efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716");
    expect(BigInt(`0x${sig.s}`)).toBe(p256.Point.Fn.ORDER - rfcS);
  });
});
