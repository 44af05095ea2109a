import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { rejecter, show } from "./errors";

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: each hex letter is upper case where the keccak-256 of the lower-case address has a nibble ≥ 8. */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = "0x";
  for (let i = 0; i < lower.length; i++) {
    out += Number.parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

/**
 * A contract address, lower-cased for comparisons. Mixed case is a checksum and must hold (a typo
 * must not silently name another contract); all-lower or all-upper case carries none.
 */
export function normalizeEthereumAddress(address: string, field: string): string {
  const reject = rejecter(field);
  if (!ADDRESS.test(address)) {
    reject(`must be a 0x-prefixed 20-byte hex address (42 characters), not ${show(address)}`);
  }
  const hex = address.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && toChecksumAddress(address) !== address) {
    reject(
      `${address} has mixed case but fails its EIP-55 checksum; check it for a typo, or send it in lower case`,
    );
  }
  return address.toLowerCase();
}
