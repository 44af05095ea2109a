import { equalBytes } from "@noble/curves/utils.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import { decodeHexField } from "../../encoding/hex";
import { readSolanaTransaction } from "../../encoding/solana-wire";
import { SignerInputError } from "../errors";
import { ed25519Sign } from "./ed25519-native";

/**
 * sign_transaction for TRANSACTION_TYPE_SOLANA: `unsignedTransaction` is the hex of a full wire-format
 * transaction (signature slots + legacy or v0 message), as @turnkey/solana's signTransaction sends it
 * (`tx.serialize({ requireAllSignatures: false })`). Fills this signer's slot with an ed25519
 * signature over the message bytes and keeps every other slot as it was. Returns hex without 0x:
 * @turnkey/solana decodes the result with `Buffer.from(signedTransaction, "hex")`.
 *
 * `privateKey` is the 32-byte ed25519 seed and `publicKey` its 32-byte public key (the caller derived
 * both from the same seed; the public key only locates the slot).
 */
export function signSolanaTransaction(
  privateKey: Uint8Array,
  publicKey: Uint8Array,
  unsignedTransaction: string,
): string {
  const bytes = decodeHexField(unsignedTransaction, "unsignedTransaction");
  const layout = readSolanaTransaction(bytes);
  const slot = layout.requiredSigners.findIndex((signer) => equalBytes(signer, publicKey));
  if (slot < 0) {
    throw new SignerInputError(
      `unsignedTransaction does not list ${base58.encode(publicKey)} among its required signers, so this key cannot sign it`,
    );
  }
  const signature = ed25519Sign(privateKey, bytes.subarray(layout.messageOffset));
  const signed = bytes.slice();
  signed.set(signature, layout.signaturesOffset + slot * 64);
  return bytesToHex(signed);
}
