import { z } from "zod";
import { ZId } from "./common";

/** A USD amount as a decimal string with at most 6 decimals (micro-dollars, the unit usage is kept in). */
export const ZUsd = z
  .string()
  .regex(
    /^\d{1,12}(\.\d{1,6})?$/,
    "must be a non-negative USD amount such as 25 or 12.5 (at most 6 decimals)",
  );

/** The reference caps the rolling window at 30 days. */
export const MAX_WINDOW_MINUTES = 43_200;

export const ZUpsertGasUsageConfigParams = z.object({
  orgWindowLimitUsd: ZUsd.optional(),
  subOrgWindowLimitUsd: ZUsd.optional(),
  windowDurationMinutes: z
    .string()
    .regex(/^\d{1,6}$/, "must be a whole number of minutes as a string")
    .refine((v) => Number(v) >= 1 && Number(v) <= MAX_WINDOW_MINUTES, "must be between 1 and 43200 minutes")
    .optional(),
  enabled: z.boolean().optional(),
  solanaConfig: z.object({ rentPrefundEnabled: z.boolean().optional() }).optional(),
  /**
   * Latchkey's own fields (the reference's gas station is the vendor's; here it is the
   * organization's): the wallet account or private key address that pays for sponsored EVM sends,
   * and the one that pays Solana fees. An empty string clears it; omitted leaves it unchanged.
   */
  evmGasStationAddress: z.string().max(128).optional(),
  solanaGasStationAddress: z.string().max(128).optional(),
});
export type TUpsertGasUsageConfigParams = z.infer<typeof ZUpsertGasUsageConfigParams>;

export const ZGetGasUsageRequest = z.object({ organizationId: ZId });

export const ZGetGasUsageResponse = z.object({
  windowDurationMinutes: z.number().int(),
  windowLimitUsd: z.string(),
  usageUsd: z.string(),
});

/** get_gas_sponsorship (Latchkey's): the whole configuration an organization's admins edit. */
export const ZGasSponsorship = z.object({
  /** Whose configuration applies: this organization's own, an ancestor's, or none. */
  source: z.enum(["OWN", "PARENT", "NONE"]),
  sponsorOrganizationId: z.string().optional(),
  enabled: z.boolean(),
  orgWindowLimitUsd: z.string(),
  subOrgWindowLimitUsd: z.string(),
  windowDurationMinutes: z.number().int(),
  evmGasStationAddress: z.string().optional(),
  solanaGasStationAddress: z.string().optional(),
  solanaRentPrefundEnabled: z.boolean(),
  usageUsd: z.string(),
  windowLimitUsd: z.string(),
});
export type TGasSponsorship = z.infer<typeof ZGasSponsorship>;
