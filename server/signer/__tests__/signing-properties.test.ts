import { createPublicKey, verify } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToHex, numberToBytesBE } from "@noble/curves/utils.js";
import fc from "fast-check";
import { recoverAddress, serializeSignature, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { signRawPayload } from "../signing/raw-payload";

const N = secp256k1.Point.Fn.ORDER;
const secpPrivateKey = fc.bigInt(1n, N - 1n).map((k) => numberToBytesBE(k, 32));
const digest = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe("signing properties", () => {
  it("secp256k1 over any 32-byte digest: recovers to the key's address, low-S, well-formed r/s/v", async () => {
    await fc.assert(
      fc.asyncProperty(secpPrivateKey, digest, async (privateKey, hash) => {
        const key = {
          curve: "CURVE_SECP256K1" as const,
          privateKey,
          publicKey: secp256k1.getPublicKey(privateKey),
        };
        const sig = signRawPayload(
          key,
          bytesToHex(hash),
          "PAYLOAD_ENCODING_HEXADECIMAL",
          "HASH_FUNCTION_NO_OP",
        );
        expect(sig.r).toMatch(/^[0-9a-f]{64}$/);
        expect(sig.s).toMatch(/^[0-9a-f]{64}$/);
        expect(["00", "01"]).toContain(sig.v);
        expect(BigInt(`0x${sig.s}`) <= N / 2n).toBe(true);
        const signature = serializeSignature({ r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number(sig.v) });
        const expected = privateKeyToAccount(toHex(privateKey)).address;
        expect(await recoverAddress({ hash: toHex(hash), signature })).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });

  it("ed25519 over any message: OpenSSL verifies the r‖s signature with the key's public key", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 600 }),
        (seed, message) => {
          const publicKey = ed25519.getPublicKey(seed);
          const key = { curve: "CURVE_ED25519" as const, privateKey: seed, publicKey };
          const sig = signRawPayload(
            key,
            bytesToHex(message),
            "PAYLOAD_ENCODING_HEXADECIMAL",
            "HASH_FUNCTION_NOT_APPLICABLE",
          );
          const jwk = { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") };
          const keyObject = createPublicKey({ key: jwk, format: "jwk" });
          expect(verify(null, message, keyObject, Buffer.from(sig.r + sig.s, "hex"))).toBe(true);
          expect(sig.v).toBe("00");
        },
      ),
      { numRuns: 150 },
    );
  });

  it("hex decoding never throws anything but a InputError naming payload", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (payload) => {
        const key = {
          curve: "CURVE_SECP256K1" as const,
          privateKey: numberToBytesBE(7n, 32),
          publicKey: secp256k1.getPublicKey(numberToBytesBE(7n, 32)),
        };
        try {
          signRawPayload(key, payload, "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_KECCAK256");
        } catch (error) {
          expect((error as Error).name).toBe("InputError");
          expect((error as Error).message).toMatch(/^payload /);
        }
      }),
      { numRuns: 300 },
    );
  });
});
