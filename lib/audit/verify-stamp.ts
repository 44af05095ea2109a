import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { ecdsaDerToCompact } from "./ecdsa-der";
import { fromBase64Url, sha256Hex, toBase64Url } from "./hash";

/**
 * A stamp recorded in the audit chain, checked again offline against the credential's public key
 * the chain recorded when the request was accepted (the credential of its time: it may have been
 * deleted or replaced since). Null when it verifies; the reason otherwise. Isomorphic (noble), so
 * `latchkey audit verify` and the dashboard's check are the same code.
 */

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
// The official stampers produce high-S signatures: they are valid, as the server accepts them.
const ECDSA = { lowS: false } as const;

function eip191Digest(body: Uint8Array): Uint8Array {
  const prefix = utf8ToBytes(`\x19Ethereum Signed Message:\n${body.length}`);
  const message = new Uint8Array(prefix.length + body.length);
  message.set(prefix);
  message.set(body, prefix.length);
  return keccak_256(message);
}

function apiKeySignatureValid(scheme: string, publicKey: string, signature: string, body: Uint8Array) {
  const sig = hexToBytes(signature);
  const key = hexToBytes(publicKey);
  if (scheme === "SIGNATURE_SCHEME_TK_API_ED25519") {
    return key.length === 32 && sig.length === 64 && ed25519.verify(sig, body, key, { zip215: false });
  }
  const compact = ecdsaDerToCompact(sig);
  if (!compact) return false;
  switch (scheme) {
    case "SIGNATURE_SCHEME_TK_API_P256":
      return key.length === 33 && p256.verify(compact, body, key, ECDSA);
    case "SIGNATURE_SCHEME_TK_API_SECP256K1":
      return secp256k1.verify(compact, body, key, ECDSA);
    case "SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191":
      return secp256k1.verify(compact, eip191Digest(body), key, { ...ECDSA, prehash: false });
  }
  throw new Error(`unknown scheme ${scheme}`);
}

/** The Turnkey API-key stamp (base64url JSON {publicKey, scheme, signature}) over the request. */
function apiKeyProblem(header: string, request: string, credentialPublicKey: string): string | null {
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(new TextDecoder().decode(fromBase64Url(header))) as Record<string, unknown>;
  } catch {
    return "the stamp is not base64url-encoded JSON";
  }
  const { publicKey, scheme, signature } = fields;
  if (typeof publicKey !== "string" || !HEX.test(publicKey)) return "the stamp's publicKey is not hex";
  if (typeof signature !== "string" || !HEX.test(signature)) return "the stamp's signature is not hex";
  let valid = false;
  try {
    valid = apiKeySignatureValid(String(scheme), publicKey.toLowerCase(), signature, utf8ToBytes(request));
  } catch (error) {
    if ((error as Error).message.startsWith("unknown scheme"))
      return `unknown stamp scheme ${String(scheme)}`;
  }
  if (!valid) return "the stamp does not verify over the request";
  if (publicKey.toLowerCase() !== credentialPublicKey.toLowerCase()) {
    return "the stamp's key is not the credential recorded with it";
  }
  return null;
}

function passkeyProblem(header: string, request: string, publicKeyHex: string): string | null {
  let fields: Record<string, string>;
  try {
    fields = JSON.parse(header) as Record<string, string>;
  } catch {
    return "the passkey stamp is not JSON";
  }
  const { authenticatorData, clientDataJson, signature } = fields;
  if (!authenticatorData || !clientDataJson || !signature) return "the passkey stamp lacks a field";
  let clientData: Uint8Array;
  let challenge: unknown;
  try {
    clientData = fromBase64Url(clientDataJson);
    const parsed = JSON.parse(new TextDecoder().decode(clientData)) as {
      type?: unknown;
      challenge?: unknown;
    };
    if (parsed.type !== "webauthn.get") return "the passkey stamp is not an assertion";
    challenge = parsed.challenge;
  } catch {
    return "the passkey stamp's clientDataJSON is not JSON";
  }
  // The official stamper's challenge: the body's lowercase hex SHA-256, as ASCII, base64url.
  if (challenge !== toBase64Url(utf8ToBytes(sha256Hex(request)))) {
    return "the passkey stamp's challenge is not the request's hash";
  }
  if (!HEX.test(publicKeyHex) || publicKeyHex.length !== 130) {
    return "the recorded passkey key is not an uncompressed P-256 point";
  }
  let valid = false;
  try {
    const authData = fromBase64Url(authenticatorData);
    const signed = new Uint8Array(authData.length + 32);
    signed.set(authData);
    signed.set(sha256(clientData), authData.length);
    const compact = ecdsaDerToCompact(fromBase64Url(signature));
    valid = !!compact && p256.verify(compact, signed, hexToBytes(publicKeyHex), ECDSA);
  } catch {
    valid = false;
  }
  return valid ? null : "the passkey signature does not verify with the recorded credential";
}

export function stampProblem(
  stampKind: string,
  stamp: string,
  request: string,
  credentialPublicKey: string,
): string | null {
  if (stampKind === "WEBAUTHN") return passkeyProblem(stamp, request, credentialPublicKey);
  if (stampKind !== "API_KEY") return `unknown stamp kind ${stampKind}`;
  return apiKeyProblem(stamp, request, credentialPublicKey);
}
