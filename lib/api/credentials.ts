import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";

export const API_KEY_CURVES = [
  "API_KEY_CURVE_P256",
  "API_KEY_CURVE_SECP256K1",
  "API_KEY_CURVE_ED25519",
] as const;
export const ZApiKeyCurve = z.enum(API_KEY_CURVES);

export const AUTHENTICATOR_TRANSPORTS = [
  "AUTHENTICATOR_TRANSPORT_BLE",
  "AUTHENTICATOR_TRANSPORT_INTERNAL",
  "AUTHENTICATOR_TRANSPORT_NFC",
  "AUTHENTICATOR_TRANSPORT_USB",
  "AUTHENTICATOR_TRANSPORT_HYBRID",
] as const;

const ZHex = z.string().regex(/^[0-9a-fA-F]+$/, "must be a hex string");
const ZBase64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");

/** Ten years: the longest lifetime an expiring API key may be given (omit it: the key never expires). */
export const MAX_API_KEY_SECONDS = 10 * 365 * 24 * 3600;

/**
 * An API key's lifetime in seconds, 1 to ten years. Absent means the key never expires (the
 * reference's default); "0" would read as "expires at once" to some and "never" to others, so it is
 * refused rather than guessed.
 */
export const ZApiKeySeconds = z
  .string()
  .regex(/^\d{1,15}$/, "must be a positive integer of seconds as a string")
  .refine((value) => Number(value) >= 1 && Number(value) <= MAX_API_KEY_SECONDS, {
    message: `must be between 1 and ${MAX_API_KEY_SECONDS} seconds (ten years); omit it for a key that never expires`,
  });

export const ZApiKeyParams = z.object({
  apiKeyName: ZName,
  publicKey: ZHex.max(140, "must be at most 140 hex characters"),
  curveType: ZApiKeyCurve,
  expirationSeconds: ZApiKeySeconds.optional(),
});
export type TApiKeyParams = z.infer<typeof ZApiKeyParams>;

/**
 * Latchkey extension: a WebAuthn assertion (navigator.credentials.get) by the passkey being
 * registered, over its registration challenge. A "none" attestation carries no signature, so this
 * is how a registration proves that its sender holds the key (server/credentials/possession.ts).
 */
export const ZPossessionProof = z.object({
  authenticatorData: ZBase64Url.max(8192),
  clientDataJson: ZBase64Url.max(8192),
  signature: ZBase64Url.max(1024),
});
export type TPossessionProof = z.infer<typeof ZPossessionProof>;

export const ZAuthenticatorParams = z.object({
  authenticatorName: ZName,
  challenge: z.string().min(1).max(1024),
  attestation: z.object({
    credentialId: ZBase64Url.max(1024),
    clientDataJson: ZBase64Url.max(8192),
    attestationObject: ZBase64Url.max(16_384),
    transports: z.array(z.enum(AUTHENTICATOR_TRANSPORTS)).max(5),
  }),
  possessionProof: ZPossessionProof.optional(),
});
export type TAuthenticatorParams = z.infer<typeof ZAuthenticatorParams>;

export const ZOauthProviderParams = z.object({
  providerName: ZName,
  oidcToken: z.string().optional(),
  oidcClaims: z.object({ iss: z.string(), sub: z.string(), aud: z.string() }).optional(),
});

export const ZCredential = z.object({
  publicKey: z.string(),
  type: z.string(),
  sessionProfileId: z.string().optional(),
});

export const ZApiKey = z.object({
  credential: ZCredential,
  apiKeyId: z.string(),
  apiKeyName: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  expirationSeconds: z.string().optional(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZAuthenticator = z.object({
  transports: z.array(z.string()),
  attestationType: z.string(),
  aaguid: z.string(),
  credentialId: z.string(),
  model: z.string(),
  credential: ZCredential,
  authenticatorId: z.string(),
  authenticatorName: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TAuthenticator = z.infer<typeof ZAuthenticator>;

export const ZCreateApiKeysParams = z.object({
  apiKeys: z.array(ZApiKeyParams).min(1).max(100),
  userId: ZId,
});
export const ZDeleteApiKeysParams = z.object({ userId: ZId, apiKeyIds: z.array(ZId).min(1).max(100) });
export const ZCreateAuthenticatorsParams = z.object({
  authenticators: z.array(ZAuthenticatorParams).min(1).max(20),
  userId: ZId,
});
export const ZDeleteAuthenticatorsParams = z.object({
  userId: ZId,
  authenticatorIds: z.array(ZId).min(1).max(100),
});

/** Latchkey extension get_registration_challenge: for whom the passkey will be registered. */
export const ZRegistrationChallengeRequest = z.object({
  organizationId: ZId,
  /** The existing user the passkey is for (create_authenticators); omit it for users still to be created. */
  userId: ZId.optional(),
});

export const ZRegistrationChallenge = z.object({
  /** base64url: WebAuthn create()'s challenge, the registration's `challenge`, and what possessionProof signs. */
  challenge: z.string(),
  expiresAt: ZTimestamp,
});

/**
 * Latchkey extension list_authenticator_proofs: which of a user's passkeys proved possession when
 * registered (a signature by the passkey's own key over a challenge from get_registration_challenge,
 * or packed self attestation). get_authenticators keeps the reference's shape, so the fact is here.
 */
export const ZListAuthenticatorProofsResponse = z.object({
  authenticators: z.array(
    z.object({ authenticatorId: z.string(), credentialId: z.string(), possessionProven: z.boolean() }),
  ),
});
