import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { defineQuery } from "./define";

/**
 * Turnkey's clients verify session JWTs and enclave bundles against Turnkey's production keys
 * unless given an override; against Latchkey they must pass this server's key instead. Serving it
 * over a stamped query lets a client fetch it once, authenticated, and pin it.
 */
export const getServerSigningKey = defineQuery({
  path: "get_server_signing_key",
  summary:
    "Latchkey extension: the P-256 key (uncompressed hex) that signs this server's session JWTs and, " +
    "later, its export/import bundles. Pin it and pass it where @turnkey/crypto takes an override key: " +
    "verifySessionJwtSignature(jwt, publicKey); dangerouslyOverrideSignerPublicKey for bundle helpers.",
  latchkeyExtension: true,
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_server_signing_key,
  async run({ app }) {
    return {
      publicKey: app.serverKey.publicKeyHex,
      curve: "CURVE_P256" as const,
      usage: [
        "Session JWTs (stamp_login, create_read_only_session): verifySessionJwtSignature(jwt, publicKey)",
        "Export and import bundles, once available: pass publicKey as dangerouslyOverrideSignerPublicKey",
        "The key is derived from the master key: it changes only if the master key does",
      ],
    };
  },
});
