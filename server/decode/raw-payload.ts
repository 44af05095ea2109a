import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { keccak256, sha256 } from "viem";
import { decodeHexField } from "../encoding/hex";
import type { DecodedTree } from "./tree";

const PREVIEW = 120;

/** A text payload shown as the text it is. */
export function decodeText(text: string): DecodedTree {
  const bytes = utf8ToBytes(text);
  return {
    kind: "text",
    headline: `Sign the message "${text.length > PREVIEW ? `${text.slice(0, PREVIEW)}…` : text}"`,
    fields: [
      { label: "Text", value: text },
      { label: "Length", value: `${bytes.length} bytes` },
    ],
  };
}

/**
 * A hex payload: raw bytes Latchkey cannot interpret, shown as hex with their hashes so they can be
 * compared with what the requester shows elsewhere, and flagged as such.
 */
export function decodeHex(payload: string, hashFunction?: string): DecodedTree {
  const bytes = decodeHexField(payload, "payload");
  const hex = `0x${bytesToHex(bytes)}` as const;
  const digest = bytes.length === 32 && hashFunction === "HASH_FUNCTION_NO_OP";
  return {
    kind: "hex",
    headline: digest
      ? `Sign the 32-byte digest ${hex.slice(0, 10)}…`
      : `Sign ${bytes.length} bytes of raw data`,
    fields: [
      { label: "Hex", value: hex },
      { label: "Length", value: `${bytes.length} bytes` },
      { label: "Keccak-256", value: keccak256(hex) },
      { label: "SHA-256", value: sha256(hex) },
      ...(hashFunction ? [{ label: "Hash function", value: hashFunction }] : []),
    ],
    warning: digest
      ? "A bare 32-byte digest: Latchkey cannot tell what message or transaction it is the hash of."
      : "Raw bytes: Latchkey cannot tell what signing them authorizes.",
  };
}
