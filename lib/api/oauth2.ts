import { z } from "zod";
import { ZId, ZTimestamp } from "./common";

/** The providers of create_oauth2_credential (the reference's v1Oauth2Provider). */
export const ZOauth2Provider = z.enum(["OAUTH2_PROVIDER_X", "OAUTH2_PROVIDER_DISCORD"]);

const ZClientId = z.string().trim().min(1, "must not be empty").max(512);
/** encryptOauth2ClientSecret's hex envelope; whether it opens is checked by the server. */
const ZEncryptedClientSecret = z.string().trim().min(1, "must not be empty").max(16_384);

export const ZCreateOauth2CredentialParams = z.object({
  provider: ZOauth2Provider,
  clientId: ZClientId,
  encryptedClientSecret: ZEncryptedClientSecret,
});

export const ZUpdateOauth2CredentialParams = ZCreateOauth2CredentialParams.extend({
  oauth2CredentialId: ZId,
});
export const ZDeleteOauth2CredentialParams = z.object({ oauth2CredentialId: ZId });

const ZP256 = z
  .string()
  .regex(
    /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/,
    "must be a P-256 public key, hex (compressed 66 or uncompressed 130 characters)",
  );

export const ZOauth2AuthenticateParams = z.object({
  oauth2CredentialId: ZId,
  authCode: z.string().min(1, "must not be empty").max(4096),
  redirectUri: z.string().url("must be a URL").max(2048),
  codeVerifier: z
    .string()
    .regex(
      /^[A-Za-z0-9\-._~]{43,128}$/,
      "must be a PKCE code verifier (RFC 7636: 43 to 128 unreserved characters)",
    ),
  nonce: z.string().min(1, "must not be empty").max(512),
  bearerTokenTargetPublicKey: ZP256.optional(),
});

export const ZOauth2Credential = z.object({
  oauth2CredentialId: z.string(),
  organizationId: z.string(),
  provider: ZOauth2Provider,
  clientId: z.string(),
  /** Never returned: the secret is sealed, so this is always "". */
  encryptedClientSecret: z.literal(""),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TOauth2Credential = z.infer<typeof ZOauth2Credential>;

export const ZGetOauth2CredentialRequest = z.object({ organizationId: ZId, oauth2CredentialId: ZId });
export const ZGetOauth2CredentialResponse = z.object({ oauth2Credential: ZOauth2Credential });
export const ZListOauth2CredentialsResponse = z.object({ oauth2Credentials: z.array(ZOauth2Credential) });
export const ZGetOauth2EncryptionKeyResponse = z.object({
  publicKey: z.string(),
  curve: z.literal("CURVE_P256"),
  usage: z.array(z.string()),
});
