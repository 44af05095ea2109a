import { SignerInputError } from "../errors";
import { CURVES, type Curve, type KeyPair } from "../types";
import { SLIP10_CURVES } from "./curves";
import { childNumber, type PathSegment, parseDerivationPath } from "./path";
import { childKey, type ExtendedPrivateKey, masterKey, wipe } from "./slip10";

export { formatDerivationPath, type PathSegment, parseDerivationPath } from "./path";

/** BIP-32 and SLIP-10 both take seeds of 128 to 512 bits (a BIP-39 seed is 512). */
const MIN_SEED_BYTES = 16;
const MAX_SEED_BYTES = 64;

/**
 * The key at `path` below `seed`: BIP-32 for secp256k1, SLIP-10 for P-256 and ed25519 (hardened
 * levels only). The caller owns the returned private key and zeroes it when done.
 */
export function deriveKeyPair(seed: Uint8Array, curve: Curve, path: string): KeyPair {
  const node = deriveExtendedKey(seed, curve, path);
  try {
    return { curve, privateKey: node.privateKey, publicKey: SLIP10_CURVES[curve].publicKey(node.privateKey) };
  } finally {
    node.chainCode.fill(0);
  }
}

/** The private key with its chain code (for tests against published vectors, and xpub-style uses). */
export function deriveExtendedKey(seed: Uint8Array, curve: Curve, path: string): ExtendedPrivateKey {
  if (!CURVES.includes(curve)) {
    throw new SignerInputError(`curve: must be one of ${CURVES.join(", ")}`);
  }
  if (!(seed instanceof Uint8Array) || seed.length < MIN_SEED_BYTES || seed.length > MAX_SEED_BYTES) {
    throw new SignerInputError(`seed: must be ${MIN_SEED_BYTES} to ${MAX_SEED_BYTES} bytes`);
  }
  const segments = parseDerivationPath(path);
  if (curve === "CURVE_ED25519") assertHardenedOnly(segments);

  const spec = SLIP10_CURVES[curve];
  let node = masterKey(spec, seed);
  for (const segment of segments) {
    let child: ExtendedPrivateKey;
    try {
      child = childKey(spec, node, childNumber(segment));
    } finally {
      wipe(node);
    }
    node = child;
  }
  return node;
}

function assertHardenedOnly(segments: readonly PathSegment[]): void {
  const level = segments.findIndex((segment) => !segment.hardened);
  if (level === -1) return;
  const index = segments[level]?.index;
  throw new SignerInputError(
    `path: level ${level + 1} (${index}) is not hardened; CURVE_ED25519 derives hardened levels only (write ${index}')`,
  );
}
