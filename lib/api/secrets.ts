import { z } from "zod";
import { ZName, ZPagination } from "./common";
import { ZTargetPublicKey } from "./wallets";

/** Opaque secrets (an exchange API key, say): imported and exported as HPKE bundles, sealed at rest. */

export const ZEncryptionSuite = z.literal("TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1", {
  error: "must be TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1",
});

/** The largest secret accepted, in bytes of plaintext. */
export const MAX_SECRET_BYTES = 65_536;

export const ZKeyValue = z.object({
  key: z.string().trim().min(1, "must not be empty").max(128),
  value: z.string().max(1024),
});

export const ZInitImportSecretsParams = z.object({
  encryptionSuite: ZEncryptionSuite,
  numSecrets: z.number().int().min(1, "must be at least 1").max(100, "must be at most 100"),
});

export const ZImportSecretParams = z.object({
  name: ZName.optional(),
  // JSON {encappedPublic, ciphertext} in hex: twice the largest secret, plus the envelope.
  secretPayload: z
    .string()
    .min(1)
    .max(2 * MAX_SECRET_BYTES + 512),
  targetPublicKey: ZTargetPublicKey,
  encryptionSuite: ZEncryptionSuite,
  staticProperties: z
    .array(ZKeyValue)
    .max(32)
    .refine((kv) => new Set(kv.map((p) => p.key)).size === kv.length, "keys must be unique")
    .optional(),
});

export const ZImportSecretsParams = z.object({
  secrets: z.array(ZImportSecretParams).min(1, "must list at least one secret").max(100),
});

export const ZExportSecretsParams = z.object({
  secrets: z
    .array(
      z.object({
        secretId: z.string().min(1).max(128),
        targetPublicKey: ZTargetPublicKey,
        encryptionSuite: ZEncryptionSuite,
      }),
    )
    .min(1, "must list at least one secret")
    .max(100),
});

export const ZSecretMetadata = z.object({
  secretId: z.string(),
  name: z.string().optional(),
  staticProperties: z.array(z.object({ key: z.string(), value: z.string() })),
  createdAtUnixMs: z.string(),
});

export const ZListSecretsRequest = z.object({
  organizationId: z.string().min(1).max(128),
  paginationOptions: ZPagination.optional(),
});
export const ZListSecretsResponse = z.object({ secrets: z.array(ZSecretMetadata) });
