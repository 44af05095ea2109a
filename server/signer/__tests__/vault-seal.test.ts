import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { masterKeyId, rewrap, SealBrokenError, seal, unseal } from "../seal";

const master = randomBytes(32);
const wallet = { id: "wallet-1", organizationId: "org-1", kind: "WALLET_MNEMONIC" as const };
const secret = Buffer.from(
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
);

describe("seal", () => {
  it("opens with the same master key and identity, and names the key that wrapped it", () => {
    const sealed = seal(master, wallet, secret);
    expect(unseal(master, wallet, sealed)).toEqual(secret);
    expect(sealed.masterKeyId).toBe(masterKeyId(master));
    expect(sealed.ciphertext).not.toContain(secret.toString("base64").slice(0, 12));
  });

  it("opens into a buffer of the secret's own, never a slice of Node's shared buffer pool", () => {
    // A 32-byte key, the size of a wallet account's: the size Buffer.concat would take from the pool.
    const key = randomBytes(32);
    const opened = unseal(master, wallet, seal(master, wallet, key));
    expect(opened).toEqual(key);
    // Its memory holds nothing but the secret: wiping it wipes every copy this process handed out,
    // and keeping it keeps no other request's bytes alive (docs/scaling.md, sixteenth pass).
    expect(opened.byteOffset).toBe(0);
    expect(opened.buffer.byteLength).toBe(32);
  });

  it("two seals of one secret share nothing (fresh data key and nonces)", () => {
    const a = seal(master, wallet, secret);
    const b = seal(master, wallet, secret);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(a.wrappedDataKey).not.toBe(b.wrappedDataKey);
  });

  it("refuses another row id, another organization, another kind, another master key, a flipped bit", () => {
    const sealed = seal(master, wallet, secret);
    const attempts = [
      () => unseal(master, { ...wallet, id: "wallet-2" }, sealed),
      () => unseal(master, { ...wallet, organizationId: "org-2" }, sealed),
      () => unseal(master, { ...wallet, kind: "PRIVATE_KEY" }, sealed),
      () => unseal(randomBytes(32), wallet, sealed),
      () => {
        const bytes = Buffer.from(sealed.ciphertext, "base64");
        bytes[20]! ^= 1;
        return unseal(master, wallet, { ...sealed, ciphertext: bytes.toString("base64") });
      },
      () => unseal(master, wallet, { ...sealed, ciphertext: "AAAA" }),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(SealBrokenError);
  });

  it("rewrap moves the data key under a new master key without touching the ciphertext", () => {
    const sealed = seal(master, wallet, secret);
    const next = randomBytes(32);
    const moved = { ...sealed, ...rewrap(master, next, wallet, sealed) };
    expect(moved.ciphertext).toBe(sealed.ciphertext);
    expect(moved.masterKeyId).toBe(masterKeyId(next));
    expect(unseal(next, wallet, moved)).toEqual(secret);
    expect(() => unseal(master, wallet, moved)).toThrow(SealBrokenError);
  });
});
