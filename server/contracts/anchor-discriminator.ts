import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * Anchor's default instruction discriminator: the first 8 bytes of sha256("global:<name>"), where
 * <name> is the Rust function name (snake_case), as hex.
 */
export function anchorInstructionDiscriminator(snakeCaseName: string): string {
  return bytesToHex(sha256(utf8ToBytes(`global:${snakeCaseName}`)).subarray(0, 8));
}

const isLower = (c: string) => c !== c.toUpperCase() && c === c.toLowerCase();
const isUpper = (c: string) => c !== c.toLowerCase() && c === c.toUpperCase();

/**
 * Legacy IDLs (Anchor before 0.30) name instructions in camelCase; the program hashed the Rust name.
 * This splits words the way Rust's `heck` crate (which Anchor uses) does: at every run of
 * non-alphanumeric characters, between a lower-case letter (or a digit after one) and an upper-case
 * one, and before the last capital of an acronym followed by a lower-case letter
 * ("swapV2" → "swap_v2", "initHTTPServer" → "init_http_server").
 */
export function toSnakeCase(name: string): string {
  const words: string[] = [];
  for (const part of name.split(/[^\p{L}\p{N}]+/u)) {
    const chars = [...part];
    let start = 0;
    let lastCase: "lower" | "upper" | undefined;
    for (let i = 0; i < chars.length - 1; i++) {
      const c = chars[i]!;
      const next = chars[i + 1]!;
      const caseHere = isLower(c) ? "lower" : isUpper(c) ? "upper" : lastCase;
      if (caseHere === "lower" && isUpper(next)) {
        words.push(chars.slice(start, i + 1).join(""));
        start = i + 1;
        lastCase = undefined;
      } else if (lastCase === "upper" && isUpper(c) && isLower(next)) {
        words.push(chars.slice(start, i).join(""));
        start = i;
        lastCase = "upper";
      } else {
        lastCase = caseHere;
      }
    }
    if (start < chars.length) words.push(chars.slice(start).join(""));
  }
  return words
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase())
    .join("_");
}
