import { createDecipheriv } from "node:crypto";

const TAG_BYTES = 16;

/**
 * AES-256-GCM decryption that leaves the plaintext, usually a key, in one buffer of its own: the
 * one OpenSSL wrote it to, which the caller wipes when done. Undefined when the tag does not
 * authenticate, the unauthenticated plaintext already wiped (GCM's update() hands it out before
 * final() checks the tag).
 *
 * Why not `Buffer.concat([update(), final()])`: that copies the secret into a slice of Node's shared
 * 8 KB buffer pool and leaves the original unwiped; and a live slice keeps its whole pool chunk,
 * other requests' buffers with it, through the young generation's collections — for unsealing, about
 * 45 KB a signature that only full collections freed, one every second at c32 (docs/scaling.md,
 * sixteenth pass).
 */
export function openAesGcm(
  key: Uint8Array,
  nonce: Uint8Array,
  aad: Uint8Array,
  ciphertext: Uint8Array,
  tag: Uint8Array,
): Buffer | undefined {
  // Only the full 16-byte tag: GCM can check a truncated one, which a forger has far fewer bits to guess.
  if (tag.length !== TAG_BYTES) return undefined;
  const decipher = createDecipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  const plaintext = decipher.update(ciphertext);
  let tail: Buffer;
  try {
    tail = decipher.final();
  } catch {
    plaintext.fill(0);
    return undefined;
  }
  // GCM's final() checks the tag and adds no bytes; should it ever add some, both parts go into a
  // buffer of their own and are wiped.
  if (tail.length === 0) return plaintext;
  const whole = Buffer.allocUnsafeSlow(plaintext.length + tail.length);
  plaintext.copy(whole);
  tail.copy(whole, plaintext.length);
  plaintext.fill(0);
  tail.fill(0);
  return whole;
}
