import { createPublicKey, verify } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import { signRawPayload } from "../signing/raw-payload";
import type { KeyPair } from "../types";

function ed25519Key(seedHex: string): KeyPair {
  const privateKey = hexToBytes(seedHex);
  return { curve: "CURVE_ED25519", privateKey, publicKey: ed25519.getPublicKey(privateKey) };
}

/** node:crypto (OpenSSL) verifies, independently of the noble code that signed. */
function opensslVerifies(publicKey: Uint8Array, message: Uint8Array, r: string, s: string): boolean {
  const key = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") },
    format: "jwk",
  });
  return verify(null, message, key, hexToBytes(r + s));
}

const key = ed25519Key("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");

describe("signRawPayload with ed25519", () => {
  it("matches RFC 8032 test vector 1 (empty message): r and s are the signature's two halves, v is 00", () => {
    expect(bytesToHex(key.publicKey)).toBe(
      "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    );
    const sig = signRawPayload(key, "", "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_NOT_APPLICABLE");
    expect(sig.r + sig.s).toBe(
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155" +
        "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    );
    expect(sig.v).toBe("00");
  });

  it("HEXADECIMAL × NOT_APPLICABLE signs the decoded bytes themselves (as @turnkey/solana sends messages)", () => {
    const message = hexToBytes("0100010203c0ffee");
    for (const payload of ["0100010203c0ffee", "0x0100010203C0FFEE"]) {
      const sig = signRawPayload(
        key,
        payload,
        "PAYLOAD_ENCODING_HEXADECIMAL",
        "HASH_FUNCTION_NOT_APPLICABLE",
      );
      expect(sig.r).toMatch(/^[0-9a-f]{64}$/);
      expect(sig.s).toMatch(/^[0-9a-f]{64}$/);
      expect(opensslVerifies(key.publicKey, message, sig.r, sig.s)).toBe(true);
    }
  });

  it("TEXT_UTF8 × NOT_APPLICABLE signs the UTF-8 bytes of the text", () => {
    const text = "Grüße, Latchkey ✓";
    const sig = signRawPayload(key, text, "PAYLOAD_ENCODING_TEXT_UTF8", "HASH_FUNCTION_NOT_APPLICABLE");
    expect(opensslVerifies(key.publicKey, new TextEncoder().encode(text), sig.r, sig.s)).toBe(true);
    expect(sig.v).toBe("00");
  });

  it("signs long messages whole (no digest is taken first)", () => {
    const message = new Uint8Array(1000).map((_, i) => i % 251);
    const sig = signRawPayload(
      key,
      bytesToHex(message),
      "PAYLOAD_ENCODING_HEXADECIMAL",
      "HASH_FUNCTION_NOT_APPLICABLE",
    );
    expect(opensslVerifies(key.publicKey, message, sig.r, sig.s)).toBe(true);
  });
});
