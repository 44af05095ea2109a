import {
  decryptCredentialBundle,
  formatHpkeBuf,
  generateP256KeyPair,
  hpkeDecrypt,
  hpkeEncrypt,
} from "@turnkey/crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encryptCredentialBundle } from "../credential-bundle";
import { HpkeError, hpkeOpen, hpkeSeal } from "../hpke";

const hex = (text: string) => Uint8Array.from(Buffer.from(text, "hex"));
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");

function recipient() {
  const pair = generateP256KeyPair();
  return {
    privateKeyHex: pair.privateKey,
    privateKey: hex(pair.privateKey),
    publicKey: hex(pair.publicKeyUncompressed),
  };
}

describe("hpkeSeal / hpkeOpen against @turnkey/crypto", () => {
  it("opens what @turnkey/crypto's hpkeEncrypt sealed (compressed enc, as in credential bundles)", () => {
    const r = recipient();
    const sealed = hpkeEncrypt({
      plainTextBuf: new TextEncoder().encode("hello latchkey"),
      targetKeyBuf: r.publicKey,
    });
    const opened = hpkeOpen(r.privateKey, {
      encappedPublicKey: sealed.slice(0, 33),
      ciphertext: sealed.slice(33),
    });
    expect(text(opened)).toBe("hello latchkey");
  });

  it("opens the {encappedPublic, ciphertext} JSON clients send for imports (uncompressed enc)", () => {
    const r = recipient();
    const sealed = hpkeEncrypt({
      plainTextBuf: new TextEncoder().encode("import me"),
      targetKeyBuf: r.publicKey,
    });
    const { encappedPublic, ciphertext } = JSON.parse(formatHpkeBuf(sealed));
    expect(encappedPublic).toMatch(/^04[0-9a-f]{128}$/);
    expect(
      text(hpkeOpen(r.privateKey, { encappedPublicKey: hex(encappedPublic), ciphertext: hex(ciphertext) })),
    ).toBe("import me");
  });

  it("seals what @turnkey/crypto's hpkeDecrypt opens, with a 65-byte enc and a 16-byte tag", () => {
    const r = recipient();
    const sealed = hpkeSeal(r.publicKey, new TextEncoder().encode("to the client"));
    expect(sealed.encappedPublicKey).toHaveLength(65);
    expect(sealed.ciphertext).toHaveLength("to the client".length + 16);
    const opened = hpkeDecrypt({
      ciphertextBuf: sealed.ciphertext,
      encappedKeyBuf: sealed.encappedPublicKey,
      receiverPriv: r.privateKeyHex,
    });
    expect(text(opened)).toBe("to the client");
  });

  it("builds credential bundles that decryptCredentialBundle opens to the same 32 bytes", () => {
    const r = recipient();
    const secret = hex(generateP256KeyPair().privateKey);
    const bundle = encryptCredentialBundle(r.publicKey, secret);
    expect(decryptCredentialBundle(bundle, r.privateKeyHex)).toBe(Buffer.from(secret).toString("hex"));
  });

  it("round-trips random plaintexts in both directions (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 2048 }), (plaintext) => {
        const r = recipient();
        const ours = hpkeSeal(r.publicKey, plaintext);
        const theirsOpened = hpkeDecrypt({
          ciphertextBuf: ours.ciphertext,
          encappedKeyBuf: ours.encappedPublicKey,
          receiverPriv: r.privateKeyHex,
        });
        expect(Buffer.from(theirsOpened).equals(Buffer.from(plaintext))).toBe(true);

        const theirs = hpkeEncrypt({ plainTextBuf: plaintext, targetKeyBuf: r.publicKey });
        const oursOpened = hpkeOpen(r.privateKey, {
          encappedPublicKey: theirs.slice(0, 33),
          ciphertext: theirs.slice(33),
        });
        expect(Buffer.from(oursOpened).equals(Buffer.from(plaintext))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});

describe("hpke refusals", () => {
  it("refuses a tampered ciphertext, a tampered enc and the wrong recipient", () => {
    const r = recipient();
    const sealed = hpkeSeal(r.publicKey, new TextEncoder().encode("secret"));
    const flipped = sealed.ciphertext.slice();
    flipped[0]! ^= 1;
    expect(() => hpkeOpen(r.privateKey, { ...sealed, ciphertext: flipped })).toThrow(/does not authenticate/);

    const otherEnc = hex(generateP256KeyPair().publicKeyUncompressed);
    expect(() => hpkeOpen(r.privateKey, { ...sealed, encappedPublicKey: otherEnc })).toThrow(HpkeError);

    expect(() => hpkeOpen(recipient().privateKey, sealed)).toThrow(/does not authenticate/);
    expect(() => hpkeOpen(r.privateKey, { ...sealed, ciphertext: sealed.ciphertext.slice(0, 15) })).toThrow(
      /shorter than its tag/,
    );
  });

  it("refuses recipient and encapsulated keys that are not P-256 points", () => {
    const offCurve = hex(`04${"11".repeat(64)}`);
    expect(() => hpkeSeal(offCurve, new Uint8Array(1))).toThrow(
      /recipient public key is not a P-256 public key/,
    );
    const r = recipient();
    expect(() =>
      hpkeOpen(r.privateKey, { encappedPublicKey: offCurve, ciphertext: new Uint8Array(32) }),
    ).toThrow(/encapsulated public key is not a P-256 public key/);
  });
});
