import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { decodeHexField } from "../../encoding/hex";
import { SignerInputError } from "../errors";
import type { HashFunction, KeyPair, PayloadEncoding, RawSignature } from "../types";
import { type EcdsaCurve, signDigest } from "./ecdsa";
import { ed25519Sign } from "./ed25519-native";
import { eip712Digest } from "./eip712-digest";
import { eip7702AuthorizationDigest } from "./eip7702-digest";

/**
 * sign_raw_payload(s): decode `payload` as `encoding`, hash it with `hashFunction`, sign it with `key`.
 *
 * - ed25519 signs the message bytes themselves (RFC 8032 hashes internally), so it takes only
 *   HASH_FUNCTION_NOT_APPLICABLE, as the API reference requires; r/s are the two halves of the
 *   64-byte signature and v is "00" (what @turnkey/core's splitSignature says Turnkey returns).
 * - ECDSA curves need a digest: NO_OP means the payload already is the 32-byte digest (@turnkey/viem
 *   and @turnkey/ethers send hashes that way), SHA256/KECCAK256 hash the decoded bytes, and
 *   NOT_APPLICABLE is refused.
 * - PAYLOAD_ENCODING_EIP712 and _EIP7702_AUTHORIZATION are Ethereum structures whose encoding defines
 *   the digest; the clients send them with HASH_FUNCTION_NO_OP and that is the only hash accepted.
 *
 * Combination errors are raised before the payload is decoded, so the message names the real problem.
 */
export function signRawPayload(
  key: KeyPair,
  payload: string,
  encoding: PayloadEncoding,
  hashFunction: HashFunction,
): RawSignature {
  if (key.curve === "CURVE_ED25519") return signEd25519(key.privateKey, payload, encoding, hashFunction);
  if (key.curve === "CURVE_SECP256K1" || key.curve === "CURVE_P256") {
    return signDigest(key.curve, key.privateKey, ecdsaDigest(key.curve, payload, encoding, hashFunction));
  }
  throw new SignerInputError(`curve ${String(key.curve)} cannot sign raw payloads`);
}

function signEd25519(
  seed: Uint8Array,
  payload: string,
  encoding: PayloadEncoding,
  hashFunction: HashFunction,
): RawSignature {
  if (encoding === "PAYLOAD_ENCODING_EIP712" || encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION") {
    throw new SignerInputError(
      `encoding ${encoding} cannot be used with a CURVE_ED25519 key: it is an Ethereum payload signed with secp256k1`,
    );
  }
  if (hashFunction !== "HASH_FUNCTION_NOT_APPLICABLE") {
    throw new SignerInputError(
      `hashFunction ${hashFunction} cannot be used with a CURVE_ED25519 key: ed25519 hashes the message itself, send HASH_FUNCTION_NOT_APPLICABLE`,
    );
  }
  const signature = ed25519Sign(seed, messageBytes(payload, encoding));
  return { r: bytesToHex(signature.subarray(0, 32)), s: bytesToHex(signature.subarray(32, 64)), v: "00" };
}

function ecdsaDigest(
  curve: EcdsaCurve,
  payload: string,
  encoding: PayloadEncoding,
  hashFunction: HashFunction,
): Uint8Array {
  if (hashFunction === "HASH_FUNCTION_NOT_APPLICABLE") {
    throw new SignerInputError(
      `hashFunction HASH_FUNCTION_NOT_APPLICABLE is only for CURVE_ED25519 keys; a ${curve} key needs HASH_FUNCTION_NO_OP, HASH_FUNCTION_SHA256 or HASH_FUNCTION_KECCAK256`,
    );
  }
  if (encoding === "PAYLOAD_ENCODING_EIP712" || encoding === "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION") {
    if (hashFunction !== "HASH_FUNCTION_NO_OP") {
      throw new SignerInputError(
        `hashFunction ${hashFunction} cannot be used with encoding ${encoding}: the encoding computes its own keccak256 digest, send HASH_FUNCTION_NO_OP`,
      );
    }
    return encoding === "PAYLOAD_ENCODING_EIP712"
      ? eip712Digest(payload)
      : eip7702AuthorizationDigest(payload);
  }
  const bytes = messageBytes(payload, encoding);
  switch (hashFunction) {
    case "HASH_FUNCTION_NO_OP":
      if (bytes.length !== 32) {
        throw new SignerInputError(
          `payload must be exactly 32 bytes with HASH_FUNCTION_NO_OP (it is the digest that gets signed); it is ${bytes.length} bytes`,
        );
      }
      return bytes;
    case "HASH_FUNCTION_SHA256":
      return sha256(bytes);
    case "HASH_FUNCTION_KECCAK256":
      return keccak_256(bytes);
    default:
      throw new SignerInputError(`hashFunction ${String(hashFunction)} is not supported`);
  }
}

/** The bytes a byte-oriented encoding stands for. */
function messageBytes(payload: string, encoding: PayloadEncoding): Uint8Array {
  switch (encoding) {
    case "PAYLOAD_ENCODING_HEXADECIMAL":
      return decodeHexField(payload, "payload");
    case "PAYLOAD_ENCODING_TEXT_UTF8":
      return utf8ToBytes(payload);
    default:
      throw new SignerInputError(`encoding ${String(encoding)} is not supported`);
  }
}
