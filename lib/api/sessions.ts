import { z } from "zod";
import { ZId, ZName } from "./common";

export const ZClientSignature = z.object({
  publicKey: z.string(),
  scheme: z.literal("CLIENT_SIGNATURE_SCHEME_API_P256"),
  message: z.string(),
  signature: z.string(),
});

/** Session lifetime in seconds, as a string: at least a minute, at most 30 days. */
export const ZSessionSeconds = z
  .string()
  .regex(/^\d{1,8}$/, "must be a number of seconds as a string")
  .refine((v) => Number(v) >= 60 && Number(v) <= 30 * 24 * 3600, "must be between 60 and 2592000 seconds");

const ZCompressedP256 = z
  .string()
  .regex(/^0[23][0-9a-fA-F]{64}$/, "must be a compressed P-256 public key (66 hex characters)");
export const ZUncompressedP256 = z
  .string()
  .regex(/^04[0-9a-fA-F]{128}$/, "must be an uncompressed P-256 public key (130 hex characters)");

export const ZStampLoginParams = z.object({
  publicKey: ZCompressedP256,
  expirationSeconds: ZSessionSeconds.optional(),
  invalidateExisting: z.boolean().optional(),
  sessionProfileId: z.string().optional(),
});

export const ZCreateReadWriteSessionParams = z.object({
  targetPublicKey: ZUncompressedP256,
  userId: ZId.optional(),
  apiKeyName: ZName.optional(),
  expirationSeconds: ZSessionSeconds.optional(),
  invalidateExisting: z.boolean().optional(),
});

export const ZCreateReadOnlySessionParams = z.object({});
