"use client";

import { useQuery } from "@tanstack/react-query";
import { parseUnits } from "viem";
import { z } from "zod";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";
import { EARN_ENABLED } from "./earn";

const EARN_POSITIONS = "earn-positions";

/** A wallet account's Earn positions: current value and lifetime totals, read from the chain. */
export function useEarnPositions(walletAddress: string, enabled = true) {
  const session = useSession();
  return useQuery({
    enabled,
    queryKey: [EARN_POSITIONS, walletAddress],
    queryFn: async () => (await query(session, "list_earn_positions", { walletAddress })).positions,
    refetchInterval: 15_000,
    retry: false,
  });
}

/** A wallet's position in one wrapper over time, as the server's earn-samples job recorded it. */
export function usePositionSamples(walletAddress: string, wrapperAddress: string, chainCaip2: string) {
  const session = useSession();
  return useQuery({
    queryKey: [EARN_POSITIONS, "samples", walletAddress, chainCaip2, wrapperAddress],
    queryFn: () =>
      query(session, "list_earn_position_samples", { walletAddress, wrapperAddress, chainCaip2 }),
    refetchInterval: 30_000,
  });
}

/** An amount in whole units of the asset ("12.5"), turned into base units by its decimals. */
export const amountInUnits = (decimals: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, "must be a positive amount such as 12.5")
    .refine((s) => !/^\d+(\.\d+)?$/.test(s) || (s.split(".")[1]?.length ?? 0) <= decimals, {
      message: `must have at most ${decimals} decimals`,
    })
    .transform((s) => parseUnits(s, decimals))
    .refine((v) => v > 0n, "must be greater than zero")
    .transform((v) => v.toString());

/** Deposit and withdraw forms: an amount (withdraw: or everything), sent from this account. */
export const depositForm = (decimals: number) => z.object({ amount: amountInUnits(decimals) });
export const withdrawForm = (decimals: number) =>
  z.object({
    amount: z.union([z.literal("MAX"), amountInUnits(decimals)], { message: "must be an amount or MAX" }),
  });

export type EarnMove = { wrapperAddress: string; signWith: string; chainCaip2: string; amount: string };

export const useEarnDeposit = () =>
  useActivityMutation<EarnMove>("earn_deposit", ({ amount, ...rest }) => ({ ...rest, assets: amount }), [
    EARN_POSITIONS,
    EARN_ENABLED,
  ]);
export const useEarnWithdraw = () =>
  useActivityMutation<EarnMove>(
    "earn_withdraw",
    ({ amount, ...rest }) => ({ ...rest, amountValue: amount }),
    [EARN_POSITIONS, EARN_ENABLED],
  );
