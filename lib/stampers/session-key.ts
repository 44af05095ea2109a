import { rawSignatureToDer } from "./der";
import { compressP256, toBase64Url, toHex } from "./encoding";

/** A session key made by the browser: the private half can never be exported, only used to sign. */
export interface SessionKey {
  keyPair: CryptoKeyPair;
  /** Compressed P-256 public key, hex: what stamp_login registers. */
  publicKey: string;
}

export async function createSessionKey(): Promise<SessionKey> {
  const keyPair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", keyPair.publicKey));
  return { keyPair, publicKey: toHex(compressP256(raw)) };
}

/** An `X-Stamp` header over `body`, in the format of the official API key stamper. */
export async function stampWithSessionKey(key: SessionKey, body: string): Promise<Record<string, string>> {
  const raw = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    key.keyPair.privateKey,
    new TextEncoder().encode(body),
  );
  const stamp = {
    publicKey: key.publicKey,
    scheme: "SIGNATURE_SCHEME_TK_API_P256",
    signature: toHex(rawSignatureToDer(new Uint8Array(raw))),
  };
  return { "X-Stamp": toBase64Url(new TextEncoder().encode(JSON.stringify(stamp))) };
}
