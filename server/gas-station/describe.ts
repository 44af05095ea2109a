import type { TGasSponsorship } from "@/lib/api/gas-sponsorship";
import type { DbOrTx } from "../db/client";
import { findGoverningConfig } from "./config";
import { formatUsd, usdToMicros } from "./prices";
import { sponsoredUsageMicros } from "./sponsor";

/** A window nobody configured: 24 hours, with nothing to spend. */
const UNCONFIGURED_WINDOW_MINUTES = 1440;

/**
 * An organization's gas sponsorship as its admins see it: whose configuration applies (its own or
 * an ancestor's), the gas stations, and this organization's usage against its limit in the window.
 */
export async function describeSponsorship(
  db: DbOrTx,
  now: Date,
  organizationId: string,
): Promise<TGasSponsorship> {
  const governing = await findGoverningConfig(db, organizationId);
  if (!governing) {
    return {
      source: "NONE",
      enabled: false,
      orgWindowLimitUsd: "0",
      subOrgWindowLimitUsd: "0",
      windowDurationMinutes: UNCONFIGURED_WINDOW_MINUTES,
      solanaRentPrefundEnabled: false,
      usageUsd: "0",
      windowLimitUsd: "0",
    };
  }
  const { config, own } = governing;
  const used = await sponsoredUsageMicros(
    db,
    now,
    { sponsorOrganizationId: config.organizationId, windowDurationMinutes: config.windowDurationMinutes },
    organizationId,
  );
  return {
    source: own ? "OWN" : "PARENT",
    sponsorOrganizationId: config.organizationId,
    enabled: config.enabled,
    orgWindowLimitUsd: config.orgWindowLimitUsd,
    subOrgWindowLimitUsd: config.subOrgWindowLimitUsd,
    windowDurationMinutes: config.windowDurationMinutes,
    ...(config.evmGasStationAddress ? { evmGasStationAddress: config.evmGasStationAddress } : {}),
    ...(config.solanaGasStationAddress ? { solanaGasStationAddress: config.solanaGasStationAddress } : {}),
    solanaRentPrefundEnabled: config.solanaRentPrefundEnabled,
    usageUsd: formatUsd(used),
    windowLimitUsd: formatUsd(usdToMicros(own ? config.orgWindowLimitUsd : config.subOrgWindowLimitUsd)),
  };
}
