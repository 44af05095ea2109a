import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { onRampEncryptionPublicKey } from "../signer/onramp-secrets";
import { defineQuery } from "./define";

/**
 * Turnkey's clients encrypt on-ramp secrets to Turnkey's production key unless given another;
 * against Latchkey they pass this installation's key: encryptOnRampSecret(secret, publicKey).
 */
export const getOnRampEncryptionKey = defineQuery({
  path: "get_on_ramp_encryption_key",
  summary:
    "Latchkey extension: the P-256 key (compressed, hex) fiat on-ramp secrets are encrypted to — " +
    "@turnkey/crypto encryptOnRampSecret(secret, publicKey) — for create/update_fiat_on_ramp_credential",
  latchkeyExtension: true,
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_on_ramp_encryption_key,
  async run({ app, now }) {
    return {
      publicKey: await onRampEncryptionPublicKey(app.db, app.keyring, now),
      curve: "CURVE_P256" as const,
      usage: [
        "encryptedSecretApiKey / encryptedPrivateApiKey = encryptOnRampSecret(secret, publicKey) from @turnkey/crypto",
        "One key per installation, sealed like key material; it survives master key rotation",
      ],
    };
  },
});
