import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openAesGcm } from "../aes-gcm-open";

const key = randomBytes(32);
const nonce = randomBytes(12);
const aad = Buffer.from("who it belongs to");

function sealed(plaintext: Buffer) {
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, tag: cipher.getAuthTag() };
}

describe("openAesGcm", () => {
  it("opens into a buffer of the plaintext's own, never a slice of Node's shared buffer pool", () => {
    const secret = randomBytes(32);
    const { ciphertext, tag } = sealed(secret);
    const opened = openAesGcm(key, nonce, aad, ciphertext, tag);
    expect(opened).toEqual(secret);
    // Its memory is the secret's alone: wiping it wipes the only copy handed out.
    expect(opened!.byteOffset).toBe(0);
    expect(opened!.buffer.byteLength).toBe(32);
  });

  it("answers nothing for another key, other associated data, a flipped bit, another tag or a truncated one", () => {
    const { ciphertext, tag } = sealed(randomBytes(32));
    const flipped = Buffer.from(ciphertext);
    flipped[3]! ^= 1;
    expect(openAesGcm(randomBytes(32), nonce, aad, ciphertext, tag)).toBeUndefined();
    expect(openAesGcm(key, nonce, Buffer.from("someone else"), ciphertext, tag)).toBeUndefined();
    expect(openAesGcm(key, nonce, aad, flipped, tag)).toBeUndefined();
    expect(openAesGcm(key, nonce, aad, ciphertext, randomBytes(16))).toBeUndefined();
    // The tag's first 4 bytes authenticate the same ciphertext under GCM's rules: refused here.
    expect(openAesGcm(key, nonce, aad, ciphertext, tag.subarray(0, 4))).toBeUndefined();
  });

  it("opens an empty plaintext", () => {
    const { ciphertext, tag } = sealed(Buffer.alloc(0));
    expect(openAesGcm(key, nonce, aad, ciphertext, tag)).toEqual(Buffer.alloc(0));
  });
});
