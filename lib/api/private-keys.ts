import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";
import { HASH_FUNCTIONS, PAYLOAD_ENCODINGS } from "./key-formats";
import { ZAddressFormat, ZCurve, ZTargetPublicKey } from "./wallets";

export const ZAddress = z.object({ format: ZAddressFormat, address: z.string() });

export const ZPrivateKeyParams = z.object({
  privateKeyName: ZName,
  curve: ZCurve,
  privateKeyTags: z.array(ZId).max(32),
  addressFormats: z.array(ZAddressFormat).max(32),
});

export const ZCreatePrivateKeysParams = z.object({
  privateKeys: z.array(ZPrivateKeyParams).min(1, "must list at least one private key").max(100),
});

export const ZDeletePrivateKeysParams = z.object({
  privateKeyIds: z.array(ZId).min(1, "must list at least one private key").max(100),
  deleteWithoutExport: z.boolean().optional(),
});

export const ZExportPrivateKeyParams = z.object({ privateKeyId: ZId, targetPublicKey: ZTargetPublicKey });
export const ZInitImportPrivateKeyParams = z.object({ userId: ZId.optional() });
export const ZImportPrivateKeyParams = z.object({
  userId: ZId.optional(),
  privateKeyName: ZName,
  encryptedBundle: z.string().min(1).max(16_384),
  curve: ZCurve,
  addressFormats: z.array(ZAddressFormat).max(32),
});

export const ZPrivateKey = z.object({
  privateKeyId: z.string(),
  publicKey: z.string(),
  privateKeyName: z.string(),
  curve: ZCurve,
  addresses: z.array(ZAddress),
  privateKeyTags: z.array(z.string()),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type TPrivateKey = z.infer<typeof ZPrivateKey>;

/** A wallet account address, a private key address, or a private key id. */
const ZSignWith = z.string().min(1, "must name an address or a private key id").max(256);
const ZPayload = z.string().max(65_536, "must be at most 65,536 characters");

export const ZSignRawPayloadParams = z.object({
  signWith: ZSignWith,
  payload: ZPayload,
  encoding: z.enum(PAYLOAD_ENCODINGS),
  hashFunction: z.enum(HASH_FUNCTIONS),
});

export const ZSignRawPayloadsParams = z.object({
  signWith: ZSignWith,
  payloads: z.array(ZPayload).min(1, "must list at least one payload").max(100),
  encoding: z.enum(PAYLOAD_ENCODINGS),
  hashFunction: z.enum(HASH_FUNCTIONS),
});

export const ZSignature = z.object({ r: z.string(), s: z.string(), v: z.string() });

export const TRANSACTION_TYPES = ["TRANSACTION_TYPE_ETHEREUM", "TRANSACTION_TYPE_SOLANA"] as const;
export const ZSignTransactionParams = z.object({
  signWith: ZSignWith,
  unsignedTransaction: z
    .string()
    .min(2)
    .max(262_144, "must be at most 262,144 hex characters")
    .regex(/^(0x)?[0-9a-fA-F]*$/, "must be hex"),
  type: z.enum(TRANSACTION_TYPES, {
    error:
      "must be TRANSACTION_TYPE_ETHEREUM or TRANSACTION_TYPE_SOLANA (other chains are not signed by this server)",
  }),
});
