import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";
import { ZOauthProviderParams } from "./credentials";
import { ZSessionSeconds, ZUncompressedP256 } from "./sessions";

/** An OIDC ID token (compact JWS); what it says is checked by the server, not here. */
export const ZOidcToken = z.string().trim().min(1, "must not be empty").max(16_384);

const ZCompressedP256 = z
  .string()
  .regex(/^0[23][0-9a-fA-F]{64}$/, "must be a compressed P-256 public key (66 hex characters)");

export const ZCreateOauthProvidersParams = z.object({
  userId: ZId,
  oauthProviders: z.array(ZOauthProviderParams).min(1, "must name at least one provider").max(20),
});

export const ZDeleteOauthProvidersParams = z.object({
  userId: ZId,
  providerIds: z.array(ZId).min(1, "must name at least one provider").max(100),
});

export const ZGetOauthProvidersRequest = z.object({ organizationId: ZId, userId: ZId.optional() });

export const ZOauthProvider = z.object({
  providerId: z.string(),
  providerName: ZName,
  issuer: z.string(),
  audience: z.string(),
  subject: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TOauthProvider = z.infer<typeof ZOauthProvider>;
export const ZGetOauthProvidersResponse = z.object({ oauthProviders: z.array(ZOauthProvider) });

/** oauth_login: the token's nonce must be sha256 of `publicKey`, the session's key. */
export const ZOauthLoginParams = z.object({
  oidcToken: ZOidcToken,
  publicKey: ZCompressedP256,
  /** Validity of the session: default LATCHKEY_SESSION_SECONDS (900). */
  expirationSeconds: ZSessionSeconds.optional(),
  invalidateExisting: z.boolean().optional(),
  sessionProfileId: z.string().optional(),
});

/** oauth: the token's nonce must be sha256 of `targetPublicKey`, which the new key is encrypted to. */
export const ZOauthParams = z.object({
  oidcToken: ZOidcToken,
  targetPublicKey: ZUncompressedP256,
  apiKeyName: z.string().trim().min(1).max(256).optional(),
  expirationSeconds: ZSessionSeconds.optional(),
  invalidateExisting: z.boolean().optional(),
});
