"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import { ZEarnDeployWrapperParams } from "@/lib/api/earn-wrappers";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query keys: the organization's enabled vaults (and what hangs off them), the catalog, samples. */
export const EARN_ENABLED = "earn-enabled-vaults";
const EARN_CATALOG = "earn-catalog";
const EARN_SAMPLES = "earn-samples";
const EARN_STATUS = "earn-status";

/** The Earn chains the server serves (lib/api's list also names two it does not). */
export const EARN_DASHBOARD_CHAINS = ["eip155:1", "eip155:8453", "eip155:42161", "eip155:137"] as const;

/**
 * Whether the organization has turned Earn on (FEATURE_NAME_EARN_CONFIG), read from its
 * configuration so that pages ask Earn's queries only when they can answer (never a 400 to show).
 */
export function useEarnFeature() {
  const session = useSession();
  return useQuery({
    queryKey: [EARN_ENABLED, "feature"],
    queryFn: async () =>
      (await query(session, "get_organization_configs")).configs.features.some(
        (f) => f.name === "FEATURE_NAME_EARN_CONFIG",
      ),
  });
}

/** The organization's deployed wrappers, read from the chain: APYs, TVL, claimable fee, pause. */
export function useEnabledVaults(enabled = true) {
  const session = useSession();
  return useQuery({
    enabled,
    queryKey: [EARN_ENABLED],
    queryFn: async () => (await query(session, "list_earn_enabled_vaults")).enabledVaults,
    refetchInterval: 15_000,
    retry: false,
  });
}

/** The vaults offered for one asset (only those with 100k USD of TVL or more). */
export function useEarnCatalog(caip19: string | undefined) {
  const session = useSession();
  return useQuery({
    queryKey: [EARN_CATALOG, caip19],
    queryFn: async () => (await query(session, "list_earn_vaults", { caip19 })).vaults,
    enabled: Boolean(caip19),
    retry: false,
  });
}

/** A wrapper's APY and TVL history, as the server's earn-samples job recorded it. */
export function useVaultSamples(wrapperAddress: string, chainCaip2: string) {
  const session = useSession();
  return useQuery({
    queryKey: [EARN_SAMPLES, chainCaip2, wrapperAddress],
    queryFn: () => query(session, "list_earn_vault_samples", { wrapperAddress, chainCaip2 }),
    refetchInterval: 30_000,
  });
}

export type EarnStatusPath =
  | "get_earn_deploy_status"
  | "get_claim_earn_fees_status"
  | "get_earn_deposit_status"
  | "get_earn_withdraw_status";
const ID_KEYS: Record<EarnStatusPath, string> = {
  get_earn_deploy_status: "deployRequestId",
  get_claim_earn_fees_status: "claimRequestId",
  get_earn_deposit_status: "depositRequestId",
  get_earn_withdraw_status: "withdrawRequestId",
};

/**
 * Follow an Earn request to its end: asked again every second while PENDING; once it is final,
 * what it changed (the enabled vaults, the claimable fee) is read again.
 */
export function useEarnStatus(path: EarnStatusPath, requestId: string | undefined) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [EARN_STATUS, path, requestId],
    enabled: Boolean(requestId),
    queryFn: async () => {
      const answer = (await query(session, path, { [ID_KEYS[path]]: requestId })) as {
        status: string;
        error?: string;
      };
      if (answer.status !== "PENDING") {
        for (const key of [EARN_ENABLED, "earn-positions"])
          queryClient.invalidateQueries({ queryKey: [key] });
      }
      return answer;
    },
    refetchInterval: (q) => (q.state.data && q.state.data.status !== "PENDING" ? false : 1000),
  });
}

/** The request id an Earn activity's result names (deployRequestId, claimRequestId …). */
export function earnRequestId(activity: TActivity | undefined, resultKey: string, idKey: string) {
  const result = activity?.result as Record<string, Record<string, string> | undefined> | undefined;
  return result?.[resultKey]?.[idKey];
}

export const useClaimEarnFees = () =>
  useActivityMutation<{ wrapperAddress: string }>("claim_earn_fees", (p) => p, [EARN_ENABLED]);

export const useSetWrapperState = () =>
  useActivityMutation<{ wrapperAddress: string; depositsDisabled: boolean }>(
    "earn_set_wrapper_state",
    (p) => p,
    [EARN_ENABLED],
  );

export const useEnableEarn = () =>
  useActivityMutation<void>(
    "set_organization_feature",
    () => ({ name: "FEATURE_NAME_EARN_CONFIG", value: "" }),
    [EARN_ENABLED, EARN_CATALOG],
  );

const deploy = ZEarnDeployWrapperParams.shape;
/**
 * The deploy form: the client fee and the wallet it is paid to, by the server's own rules (the
 * 4000 bps cap is checked before anything is sent); the vault and chain come from the catalog row.
 */
export const ZDeployWrapperForm = z.object({
  clientFeeBps: z.string().trim().pipe(deploy.clientFeeBps),
  clientFeeWallet: z.string().trim().pipe(deploy.clientFeeWallet),
});
export type TDeployWrapperForm = z.output<typeof ZDeployWrapperForm>;

export const useDeployWrapper = () =>
  useActivityMutation<TDeployWrapperForm & { vaultAddress: string; chainCaip2: string }>(
    "earn_deploy_wrapper",
    (p) => p,
    [EARN_ENABLED, EARN_CATALOG],
  );
