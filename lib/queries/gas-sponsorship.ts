"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { ChainFamily } from "@/lib/api/chains";
import { type TGasSponsorship, ZUpsertGasUsageConfigParams } from "@/lib/api/gas-sponsorship";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query key of the organization's gas sponsorship: configuration, gas stations, usage. */
export const GAS_SPONSORSHIP = "gas-sponsorship";

/** The sponsorship that governs the organization (its own or an ancestor's), with its usage in the window. */
export function useGasSponsorship() {
  const session = useSession();
  return useQuery({
    queryKey: [GAS_SPONSORSHIP],
    queryFn: () => query(session, "get_gas_sponsorship"),
  });
}

// Each field by the server's own rule for it (a test holds the whole to the server's schema).
const upsert = ZUpsertGasUsageConfigParams.shape;

/**
 * The gas sponsorship form: every field upsert_gas_usage_config takes, all sent (so what is shown is
 * what is saved), checked by the server's own rules. A gas station left empty is cleared.
 */
export const ZGasSponsorshipForm = z.object({
  enabled: z.boolean(),
  orgWindowLimitUsd: z.string().trim().pipe(upsert.orgWindowLimitUsd.unwrap()),
  subOrgWindowLimitUsd: z.string().trim().pipe(upsert.subOrgWindowLimitUsd.unwrap()),
  windowDurationMinutes: z.string().trim().pipe(upsert.windowDurationMinutes.unwrap()),
  evmGasStationAddress: z.string().trim().pipe(upsert.evmGasStationAddress.unwrap()),
  solanaGasStationAddress: z.string().trim().pipe(upsert.solanaGasStationAddress.unwrap()),
});
export type TGasSponsorshipForm = z.output<typeof ZGasSponsorshipForm>;

/** The form's starting values: the configuration in force. */
export const gasSponsorshipDraft = (current: TGasSponsorship): z.input<typeof ZGasSponsorshipForm> => ({
  enabled: current.enabled,
  orgWindowLimitUsd: current.orgWindowLimitUsd,
  subOrgWindowLimitUsd: current.subOrgWindowLimitUsd,
  windowDurationMinutes: String(current.windowDurationMinutes),
  evmGasStationAddress: current.evmGasStationAddress ?? "",
  solanaGasStationAddress: current.solanaGasStationAddress ?? "",
});

export const useUpdateGasSponsorship = () =>
  useActivityMutation<TGasSponsorshipForm>("upsert_gas_usage_config", (params) => params, [GAS_SPONSORSHIP]);

/** Whether a send of this family can be sponsored: the gas station that would pay, or why not. */
export type SponsorAvailability = { gasStation: string } | { unavailable: string };

export function sponsorAvailability(sponsorship: TGasSponsorship, family: ChainFamily): SponsorAvailability {
  if (sponsorship.source === "NONE")
    return { unavailable: "Gas sponsorship is not set up for this organization." };
  if (!sponsorship.enabled) return { unavailable: "Gas sponsorship is disabled for this organization." };
  const gasStation =
    family === "evm" ? sponsorship.evmGasStationAddress : sponsorship.solanaGasStationAddress;
  if (!gasStation) {
    return { unavailable: `The organization has no ${family === "evm" ? "EVM" : "Solana"} gas station.` };
  }
  return { gasStation };
}
