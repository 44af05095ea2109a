import { SignerInputError } from "../errors";

/** BIP-32: child numbers at or above 2^31 are hardened. */
export const HARDENED_OFFSET = 0x80000000;

/** Deeper paths than any chain's convention uses (the deepest, BIP-48, has 6 levels). */
export const MAX_PATH_DEPTH = 10;

export interface PathSegment {
  /** The index as written, below 2^31. */
  index: number;
  hardened: boolean;
}

// A decimal index without leading zeros, then ' or h for hardened. Leading zeros and other
// spellings are refused so that one key has one path string (paths are compared as text).
const SEGMENT = /^(0|[1-9][0-9]{0,9})(['h]?)$/;

/**
 * Parses "m/44'/60'/0'/0/0" (or with h for '). "m" alone is the master key. Throws a
 * SignerInputError naming the first bad segment.
 */
export function parseDerivationPath(path: string): PathSegment[] {
  if (typeof path !== "string" || path.length === 0) {
    throw new SignerInputError("path: must be a derivation path such as m/44'/60'/0'/0/0");
  }
  const [root, ...rest] = path.split("/");
  if (root !== "m") {
    throw new SignerInputError(`path: must start with "m", got ${JSON.stringify(path.slice(0, 16))}`);
  }
  if (rest.length > MAX_PATH_DEPTH) {
    throw new SignerInputError(`path: at most ${MAX_PATH_DEPTH} levels below m, got ${rest.length}`);
  }
  return rest.map((segment, position) => parseSegment(segment, position + 1));
}

function parseSegment(segment: string, level: number): PathSegment {
  const match = SEGMENT.exec(segment);
  const digits = match?.[1];
  if (match === undefined || match === null || digits === undefined) {
    throw new SignerInputError(
      `path: level ${level} (${JSON.stringify(segment.slice(0, 16))}) must be a decimal index, optionally followed by ' or h`,
    );
  }
  const index = Number(digits);
  if (index >= HARDENED_OFFSET) {
    throw new SignerInputError(
      `path: level ${level} (${JSON.stringify(segment)}) is too large; an index must be below 2^31 (write 0' for hardened, not 2147483648)`,
    );
  }
  return { index, hardened: match[2] !== "" };
}

/** The canonical text of a path (apostrophes), as stored and compared. */
export function formatDerivationPath(segments: readonly PathSegment[]): string {
  return ["m", ...segments.map((s) => `${s.index}${s.hardened ? "'" : ""}`)].join("/");
}

/** The 32-bit child number BIP-32 serialises for a segment. */
export function childNumber(segment: PathSegment): number {
  return segment.hardened ? segment.index + HARDENED_OFFSET : segment.index;
}
