/**
 * Opening export bundles in the browser. The server encrypts a mnemonic or a private key (HPKE) to a
 * public key the browser sends, and signs the bundle with its own key; only the browser that made
 * the key pair can read it, and it reads it only after checking the signature against the server
 * key it fetched over an authenticated query. Nothing decrypted is ever sent anywhere.
 *
 * @turnkey/crypto is loaded on demand: its pure-JS P-256 (noble) runs in any browser, and the
 * dashboard's other pages never pay for it.
 */

/** A throwaway P-256 key pair, made for one export and forgotten when its dialog closes. */
export interface ExportTarget {
  /** Uncompressed, hex (04…): the export activity's `targetPublicKey`. */
  publicKey: string;
  /** Hex; a string because that is what decryptExportBundle takes (strings cannot be wiped). */
  privateKey: string;
}

export async function createExportTarget(): Promise<ExportTarget> {
  const { generateP256KeyPair } = await import("@turnkey/crypto");
  const pair = generateP256KeyPair();
  return { publicKey: pair.publicKeyUncompressed, privateKey: pair.privateKey };
}

export interface OpenBundleInput {
  exportBundle: string;
  target: ExportTarget;
  organizationId: string;
  /** From `get_server_signing_key`: the bundle must be signed by this key, not Turnkey's. */
  serverSigningKey: string;
  /** A wallet's export is its mnemonic; a private key's is its hex bytes. */
  contents: "mnemonic" | "hex";
}

export async function openExportBundle(input: OpenBundleInput): Promise<string> {
  const { decryptExportBundle } = await import("@turnkey/crypto");
  return decryptExportBundle({
    exportBundle: input.exportBundle,
    embeddedKey: input.target.privateKey,
    organizationId: input.organizationId,
    dangerouslyOverrideSignerPublicKey: input.serverSigningKey,
    returnMnemonic: input.contents === "mnemonic",
    keyFormat: "HEXADECIMAL",
  });
}
