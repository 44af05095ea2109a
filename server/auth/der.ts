/** Wrap a raw public key in SubjectPublicKeyInfo DER so node:crypto can use it. */
const SPKI_PREFIX = {
  p256Compressed: "3039301306072a8648ce3d020106082a8648ce3d030107032200",
  p256Uncompressed: "3059301306072a8648ce3d020106082a8648ce3d030107034200",
  ed25519: "302a300506032b6570032100",
} as const;

export function spki(kind: keyof typeof SPKI_PREFIX, key: Buffer): Buffer {
  return Buffer.concat([Buffer.from(SPKI_PREFIX[kind], "hex"), key]);
}
