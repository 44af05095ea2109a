import { generateP256KeyPair } from "@turnkey/crypto";
import { describe, expect, it } from "vitest";
import { verifyApiKeyStamp } from "@/server/auth/api-key-stamp";
import { importP256PrivateKey, isP256PrivateKeyHex } from "./handed-key";
import { stampWithSessionKey } from "./session-key";

describe("a P-256 private key handed to the browser", () => {
  it("imports to the public key its maker registered, and stamps what the server verifies", async () => {
    const pair = generateP256KeyPair();
    const key = await importP256PrivateKey(pair.privateKey);
    expect(key.publicKey).toBe(pair.publicKey);
    const body = JSON.stringify({ organizationId: "org", hello: "world" });
    const { "X-Stamp": header } = await stampWithSessionKey(key, body);
    const verified = await verifyApiKeyStamp(header!, new TextEncoder().encode(body));
    expect(verified.publicKey).toBe(pair.publicKey);
    expect(verified.scheme).toBe("SIGNATURE_SCHEME_TK_API_P256");
    // The same stamp over other bytes does not verify.
    await expect(verifyApiKeyStamp(header!, new TextEncoder().encode(`${body} `))).rejects.toThrow(
      /signature/,
    );
  });

  it("keeps the private half inside WebCrypto", async () => {
    const key = await importP256PrivateKey(generateP256KeyPair().privateKey);
    expect(key.keyPair.privateKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("jwk", key.keyPair.privateKey)).rejects.toThrow();
  });

  it("refuses what is not a P-256 private key", async () => {
    expect(isP256PrivateKeyHex("ab")).toBe(false);
    expect(isP256PrivateKeyHex("zz".repeat(32))).toBe(false);
    expect(isP256PrivateKeyHex("00".repeat(32))).toBe(false);
    expect(isP256PrivateKeyHex("ff".repeat(32))).toBe(false); // above the group order
    await expect(importP256PrivateKey("12".repeat(31))).rejects.toThrow(/not a P-256 private key/);
  });
});
