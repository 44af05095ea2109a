import { randomBytes } from "node:crypto";

/** What the signer uses of the `secp256k1` package's native addon (its checked wrapper). */
export interface Secp256k1Addon {
  contextRandomize(seed: Uint8Array): void;
  ecdsaSign(digest: Uint8Array, privateKey: Uint8Array): { signature: Uint8Array; recid: number };
  publicKeyCreate(privateKey: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyConvert(publicKey: Uint8Array, compressed: boolean): Uint8Array;
}

/**
 * libsecp256k1 (Bitcoin Core's library) as a native addon: the `secp256k1` package's prebuilt
 * binary for this platform. Loaded through `secp256k1/bindings`, never the package's main entry,
 * which falls back to a JavaScript implementation (elliptic) when the binary does not load; here
 * that case leaves it undefined and each user falls back to the WebAssembly build (tiny-secp256k1).
 * Resolved at run time through node:module, so a bundler leaves the addon where npm put it. Its
 * context is blinded once with 32 random bytes, which libsecp256k1 uses to mask its arithmetic on
 * secrets against timing and power side channels (the WebAssembly build blinds its own).
 */
function load(): Secp256k1Addon | undefined {
  try {
    const { createRequire } = process.getBuiltinModule("node:module");
    const addon = createRequire(import.meta.url)("secp256k1/bindings") as Secp256k1Addon;
    addon.contextRandomize(randomBytes(32));
    return addon;
  } catch {
    return undefined;
  }
}

export const secp256k1Addon: Secp256k1Addon | undefined = load();

/**
 * Calls `use` with a copy of the 32-byte key in a buffer of its own outside the JavaScript heap,
 * zeroed afterwards. Handed a small Uint8Array that lives in V8's heap, a native call makes V8 move
 * its bytes out and leave the old ones behind as garbage nobody zeroes.
 */
export function withOffHeapKey<T>(privateKey: Uint8Array, use: (key: Buffer) => T): T {
  const key = Buffer.allocUnsafeSlow(32);
  try {
    if (privateKey.length !== 32)
      throw new Error(`a secp256k1 private key is 32 bytes, got ${privateKey.length}`);
    key.set(privateKey);
    return use(key);
  } finally {
    key.fill(0);
  }
}
