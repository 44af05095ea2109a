import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { oauth2EncryptionPublicKey } from "../signer/oauth2-secrets";
import { defineQuery } from "./define";

/**
 * Turnkey's clients encrypt OAuth 2.0 client secrets to Turnkey's TLS fetcher key unless given
 * another; against Latchkey they pass this installation's key: encryptOauth2ClientSecret(secret, publicKey).
 */
export const getOauth2EncryptionKey = defineQuery({
  path: "get_oauth2_encryption_key",
  summary:
    "Latchkey extension: the P-256 key (uncompressed, hex) OAuth 2.0 client secrets are encrypted to — " +
    "@turnkey/crypto encryptOauth2ClientSecret(secret, publicKey) — for create/update_oauth2_credential",
  latchkeyExtension: true,
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_oauth2_encryption_key,
  async run({ app, now }) {
    return {
      publicKey: await oauth2EncryptionPublicKey(app.db, app.keyring, now),
      curve: "CURVE_P256" as const,
      usage: [
        "encryptedClientSecret = encryptOauth2ClientSecret(clientSecret, publicKey) from @turnkey/crypto",
        "One key per installation, sealed like key material; it survives master key rotation",
      ],
    };
  },
});
