import { createHash, createPublicKey, verify } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import { hashTypedData, keccak256, serializeTypedData, stringToBytes } from "viem";
import { hashAuthorization } from "viem/utils";
import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { signRawPayload } from "../signing/raw-payload";
import {
  CURVES,
  type Curve,
  HASH_FUNCTIONS,
  type HashFunction,
  type KeyPair,
  PAYLOAD_ENCODINGS,
} from "../types";

const SEED = hexToBytes("5a".repeat(32));
const KEYS: Record<Curve, KeyPair> = {
  CURVE_SECP256K1: { curve: "CURVE_SECP256K1", privateKey: SEED, publicKey: secp256k1.getPublicKey(SEED) },
  CURVE_P256: { curve: "CURVE_P256", privateKey: SEED, publicKey: p256.getPublicKey(SEED) },
  CURVE_ED25519: { curve: "CURVE_ED25519", privateKey: SEED, publicKey: ed25519.getPublicKey(SEED) },
};

const DOMAIN = { name: "Latchkey", version: "1", chainId: 1n } as const;
const TYPED = {
  domain: DOMAIN,
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
    ],
    Note: [{ name: "text", type: "string" }],
  },
  primaryType: "Note",
  message: { text: "hello" },
} as const;
const AUTHORIZATION = {
  address: "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b",
  chainId: 1,
  nonce: 3,
} as const;
const TEXT_32 = "thirty-two bytes of utf-8 text!!";
const HEX_32 = "ab".repeat(32);

const PAYLOADS = {
  PAYLOAD_ENCODING_HEXADECIMAL: HEX_32,
  PAYLOAD_ENCODING_TEXT_UTF8: TEXT_32,
  PAYLOAD_ENCODING_EIP712: serializeTypedData(TYPED),
  PAYLOAD_ENCODING_EIP7702_AUTHORIZATION: JSON.stringify(AUTHORIZATION),
} as const;
type Encoding = keyof typeof PAYLOADS;

/** The rules, restated from the API reference and the official clients rather than imported. */
function isValid(curve: Curve, encoding: Encoding, hash: HashFunction): boolean {
  const ethereumStructure =
    encoding === "PAYLOAD_ENCODING_EIP712" || encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION";
  if (curve === "CURVE_ED25519") return !ethereumStructure && hash === "HASH_FUNCTION_NOT_APPLICABLE";
  if (ethereumStructure) return hash === "HASH_FUNCTION_NO_OP";
  return hash !== "HASH_FUNCTION_NOT_APPLICABLE";
}

function messageBytes(encoding: Encoding): Uint8Array {
  return encoding === "PAYLOAD_ENCODING_HEXADECIMAL" ? hexToBytes(HEX_32) : stringToBytes(TEXT_32);
}

function expectedDigest(encoding: Encoding, hash: HashFunction): Uint8Array {
  if (encoding === "PAYLOAD_ENCODING_EIP712") return hexToBytes(hashTypedData(TYPED).slice(2));
  if (encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION") {
    return hexToBytes(hashAuthorization(AUTHORIZATION).slice(2));
  }
  const bytes = messageBytes(encoding);
  if (hash === "HASH_FUNCTION_SHA256") return new Uint8Array(createHash("sha256").update(bytes).digest());
  if (hash === "HASH_FUNCTION_KECCAK256") return hexToBytes(keccak256(bytes).slice(2));
  return bytes;
}

function verifies(curve: Curve, encoding: Encoding, hash: HashFunction, r: string, s: string): boolean {
  const key = KEYS[curve];
  const signature = hexToBytes(r + s);
  if (curve === "CURVE_ED25519") {
    const jwk = { kty: "OKP", crv: "Ed25519", x: Buffer.from(key.publicKey).toString("base64url") };
    return verify(null, messageBytes(encoding), createPublicKey({ key: jwk, format: "jwk" }), signature);
  }
  const ecdsa = curve === "CURVE_SECP256K1" ? secp256k1 : p256;
  return ecdsa.verify(signature, expectedDigest(encoding, hash), key.publicKey, { prehash: false });
}

describe("every curve × encoding × hash function combination", () => {
  for (const curve of CURVES) {
    for (const encoding of PAYLOAD_ENCODINGS) {
      for (const hash of HASH_FUNCTIONS) {
        if (isValid(curve, encoding, hash)) {
          it(`${curve} × ${encoding} × ${hash} signs and verifies`, () => {
            const sig = signRawPayload(KEYS[curve], PAYLOADS[encoding], encoding, hash);
            expect(verifies(curve, encoding, hash, sig.r, sig.s)).toBe(true);
          });
        } else {
          it(`${curve} × ${encoding} × ${hash} is refused, naming what is wrong`, () => {
            const attempt = () => signRawPayload(KEYS[curve], PAYLOADS[encoding], encoding, hash);
            expect(attempt).toThrow(InputError);
            // ed25519 cannot take Ethereum structures at all; otherwise the hash function is the problem.
            const culprit =
              curve === "CURVE_ED25519" && !encoding.match(/HEXADECIMAL|TEXT_UTF8/) ? encoding : hash;
            expect(attempt).toThrow(culprit);
          });
        }
      }
    }
  }
});

describe("payload decoding", () => {
  const secp = KEYS.CURVE_SECP256K1;

  it.each([
    ["non-hex characters", "0xzz"],
    ["an odd number of digits", "abc"],
    ["a space", "ab cd"],
    ["a doubled prefix", "0x0xab"],
  ])("HEXADECIMAL payload with %s is refused naming payload", (_, payload) => {
    for (const key of [secp, KEYS.CURVE_ED25519]) {
      const hash = key.curve === "CURVE_ED25519" ? "HASH_FUNCTION_NOT_APPLICABLE" : "HASH_FUNCTION_SHA256";
      const attempt = () => signRawPayload(key, payload, "PAYLOAD_ENCODING_HEXADECIMAL", hash);
      expect(attempt).toThrow(InputError);
      expect(attempt).toThrow(/^payload is not valid hex/);
    }
  });

  it.each([
    ["31 bytes of hex", "ab".repeat(31), "PAYLOAD_ENCODING_HEXADECIMAL"],
    ["33 bytes of hex", "ab".repeat(33), "PAYLOAD_ENCODING_HEXADECIMAL"],
    ["empty hex", "0x", "PAYLOAD_ENCODING_HEXADECIMAL"],
    ["a short text", "hello", "PAYLOAD_ENCODING_TEXT_UTF8"],
  ] as const)("NO_OP with %s is refused: an ECDSA digest is exactly 32 bytes", (_, payload, encoding) => {
    for (const key of [secp, KEYS.CURVE_P256]) {
      const attempt = () => signRawPayload(key, payload, encoding, "HASH_FUNCTION_NO_OP");
      expect(attempt).toThrow(InputError);
      expect(attempt).toThrow(/payload must be exactly 32 bytes/);
    }
  });

  it("TEXT_UTF8 signs the text's own characters, even ones that look like hex", () => {
    const sig = signRawPayload(secp, "0xabcd", "PAYLOAD_ENCODING_TEXT_UTF8", "HASH_FUNCTION_SHA256");
    const digest = new Uint8Array(createHash("sha256").update("0xabcd", "utf8").digest());
    expect(secp256k1.verify(hexToBytes(sig.r + sig.s), digest, secp.publicKey, { prehash: false })).toBe(
      true,
    );
  });

  it("refuses enum values outside the API's vocabulary", () => {
    const attempt = (encoding: string, hash: string) => () =>
      signRawPayload(secp, HEX_32, encoding as Encoding, hash as HashFunction);
    expect(attempt("PAYLOAD_ENCODING_BASE64", "HASH_FUNCTION_SHA256")).toThrow(/PAYLOAD_ENCODING_BASE64/);
    expect(attempt("PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_MD5")).toThrow(/HASH_FUNCTION_MD5/);
  });
});
