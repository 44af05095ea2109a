import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The audit chain's hashing and canonical JSON (docs/audit-chain.md), isomorphic: the server that
 * appends, `latchkey audit verify` and the dashboard's check all compute the same bytes with this.
 */

export const GENESIS_HASH = "0".repeat(64);

/** Keys as JSON strings, kept: the same few names recur in every record (a 100-policy round has 200). */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_KEPT = 1_000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < QUOTED_KEYS_KEPT && key.length <= 64) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * JSON with object keys sorted at every level (by UTF-16 code units), undefined fields left out:
 * the bytes that are hashed. Built in one pass without intermediate arrays — a 100-policy
 * evaluation round costs about 36 µs instead of 54 — and byte for byte what the first version built
 * (canonical-json.test.ts compares the two over random values, edge cases included).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      // An element with no JSON form (undefined, a function) leaves its place empty, as join did.
      const element = canonicalJson(value[i]) as string | undefined;
      if (element !== undefined) out += element;
    }
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let out = "{";
  let first = true;
  for (const key of keys) {
    const field = record[key];
    if (field === undefined) continue;
    if (!first) out += ",";
    first = false;
    out += `${quotedKey(key)}:${canonicalJson(field)}`;
  }
  return `${out}}`;
}

export const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/** The chain step: SHA-256(previous hash's 32 bytes ‖ SHA-256(payload's UTF-8 bytes)), hex. */
export function chainHash(previousHash: string, payload: string): string {
  const previous = hexToBytes(previousHash);
  const joined = new Uint8Array(64);
  joined.set(previous.subarray(0, 32));
  joined.set(sha256(utf8ToBytes(payload)), 32);
  return bytesToHex(sha256(joined));
}

/** Bytes of base64url (padding tolerated); throws on other characters. */
export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error("not base64url");
  const base64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
