import { z } from "zod";
import { ZId, ZName, ZPagination, ZTimestamp } from "./common";
import { ADDRESS_FORMATS, CURVES } from "./key-formats";

export const ZCurve = z.enum(CURVES);
export const ZAddressFormat = z.enum(ADDRESS_FORMATS);
export const ZPathFormat = z.enum(["PATH_FORMAT_BIP32"]);
export const MNEMONIC_LENGTHS = [12, 15, 18, 21, 24] as const;

export const ZWalletAccountParams = z.object({
  curve: ZCurve,
  pathFormat: ZPathFormat,
  path: z.string().min(1, "must not be empty").max(128, "must be at most 128 characters"),
  addressFormat: ZAddressFormat,
  name: ZName.optional(),
});
export type TWalletAccountParams = z.infer<typeof ZWalletAccountParams>;

const ZAccounts = z.array(ZWalletAccountParams).max(100, "at most 100 accounts per activity");

export const ZCreateWalletParams = z.object({
  walletName: ZName,
  accounts: ZAccounts,
  mnemonicLength: z
    .number()
    .int()
    .refine((n) => (MNEMONIC_LENGTHS as readonly number[]).includes(n), "must be 12, 15, 18, 21 or 24")
    .optional(),
});

export const ZCreateWalletAccountsParams = z.object({
  walletId: ZId,
  accounts: ZAccounts.min(1, "must list at least one account"),
  persist: z.boolean().optional(),
});

export const ZUpdateWalletParams = z.object({ walletId: ZId, walletName: ZName.optional() });

export const ZDeleteWalletsParams = z.object({
  walletIds: z.array(ZId).min(1, "must list at least one wallet").max(100),
  deleteWithoutExport: z.boolean().optional(),
});

export const ZDeleteWalletAccountsParams = z.object({
  walletAccountIds: z.array(ZId).min(1, "must list at least one account").max(100),
  deleteWithoutExport: z.boolean().optional(),
});

/** An uncompressed P-256 public key in hex: where export bundles are encrypted to. */
export const ZTargetPublicKey = z
  .string()
  .regex(/^04[0-9a-fA-F]{128}$/, "must be an uncompressed P-256 public key in hex (04…, 130 characters)");

export const ZExportWalletParams = z.object({
  walletId: ZId,
  targetPublicKey: ZTargetPublicKey,
  language: z.literal("MNEMONIC_LANGUAGE_ENGLISH").optional(),
});

export const ZExportWalletAccountParams = z.object({
  address: z.string().min(1).max(256),
  targetPublicKey: ZTargetPublicKey,
});

export const ZInitImportWalletParams = z.object({ userId: ZId.optional() });

export const ZImportWalletParams = z.object({
  userId: ZId.optional(),
  walletName: ZName,
  encryptedBundle: z.string().min(1).max(16_384),
  accounts: ZAccounts,
});

export const ZWallet = z.object({
  walletId: z.string(),
  walletName: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  exported: z.boolean(),
  imported: z.boolean(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZWalletAccount = z.object({
  walletAccountId: z.string(),
  organizationId: z.string(),
  walletId: z.string(),
  curve: ZCurve,
  pathFormat: ZPathFormat,
  path: z.string(),
  addressFormat: ZAddressFormat,
  address: z.string(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  publicKey: z.string().optional(),
  walletDetails: ZWallet.optional(),
  name: z.string().optional(),
  caip2Prefix: z.string().optional(),
});
export type TWalletAccount = z.infer<typeof ZWalletAccount>;

export const ZGetWalletRequest = z.object({ organizationId: ZId, walletId: ZId });
export const ZListWalletAccountsRequest = z.object({
  organizationId: ZId,
  walletId: ZId.optional(),
  includeWalletDetails: z.boolean().optional(),
  paginationOptions: ZPagination,
});
export const ZGetWalletAccountRequest = z.object({
  organizationId: ZId,
  walletId: ZId,
  address: z.string().max(256).optional(),
  path: z.string().max(128).optional(),
});
