import { z } from "zod";
import { ZId, ZName, ZPagination, ZTimestamp } from "./common";
import { ZClientSignature } from "./sessions";
import { usersWithinCaps, ZUser, ZUserParams } from "./users";
import { ZCreateWalletParams } from "./wallets";

export const ZQuorum = z.object({ threshold: z.number().int(), userIds: z.array(z.string()) });

export const ZUpdateOrganizationNameParams = z.object({ organizationName: ZName });
export const ZUpdateRootQuorumParams = z.object({
  threshold: z.number().int().min(1, "must be at least 1").max(100),
  userIds: z.array(ZId).min(1, "must name at least one root user").max(100),
});

export const ZRootUserParams = ZUserParams.omit({ userTags: true });

export const ZCreateSubOrganizationParams = z.object({
  subOrganizationName: ZName,
  rootUsers: usersWithinCaps(ZRootUserParams),
  rootQuorumThreshold: z.number().int().min(1, "must be at least 1"),
  wallet: ZCreateWalletParams.optional(),
  disableEmailRecovery: z.boolean().optional(),
  disableEmailAuth: z.boolean().optional(),
  disableSmsAuth: z.boolean().optional(),
  disableOtpEmailAuth: z.boolean().optional(),
  verificationToken: z.string().optional(),
  clientSignature: ZClientSignature.optional(),
});

export const ZDeleteSubOrganizationParams = z.object({ deleteWithoutExport: z.boolean().optional() });

export const SUBORG_FILTER_TYPES = [
  "CREDENTIAL_ID",
  "NAME",
  "USERNAME",
  "EMAIL",
  "PHONE_NUMBER",
  "OIDC_TOKEN",
  "WALLET_ACCOUNT_ADDRESS",
  "PUBLIC_KEY",
] as const;

export const ZListSuborgsRequest = z.object({
  organizationId: ZId,
  filterType: z.enum(SUBORG_FILTER_TYPES).optional(),
  filterValue: z.string().max(1024).optional(),
  paginationOptions: ZPagination,
});

export const ZOrganizationData = z.object({
  organizationId: z.string(),
  name: z.string(),
  users: z.array(ZUser),
  policies: z.array(z.unknown()),
  privateKeys: z.array(z.unknown()),
  invitations: z.array(z.unknown()),
  tags: z.array(z.unknown()),
  rootQuorum: ZQuorum,
  features: z.array(z.unknown()),
  wallets: z.array(z.unknown()),
  smartContractInterfaceReferences: z.array(z.unknown()),
});

export const ZOrganizationSummary = z.object({
  organizationId: z.string(),
  name: z.string(),
  parentOrganizationId: z.string().optional(),
  createdAt: ZTimestamp,
});

export type TOrganizationData = z.infer<typeof ZOrganizationData>;
export type TQuorum = z.infer<typeof ZQuorum>;
