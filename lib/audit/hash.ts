import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * The audit chain's hashing and canonical JSON (docs/audit-chain.md), isomorphic: the server that
 * appends, `latchkey audit verify` and the dashboard's check all compute the same bytes with this.
 */

export const GENESIS_HASH = "0".repeat(64);

/** JSON with object keys sorted at every level, undefined fields left out: the bytes that are hashed. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
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
