"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { TIpAllowlist } from "@/lib/api/ip-allowlist";
import { ZOnEvaluationError } from "@/lib/api/ip-allowlist";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query key of the organization's IP allowlist. */
export const IP_ALLOWLIST = "ip-allowlist";

export function useIpAllowlist() {
  const session = useSession();
  return useQuery({
    queryKey: [IP_ALLOWLIST],
    queryFn: async () => (await query(session, "get_ip_allowlist")).allowlist,
  });
}

/**
 * The form: one rule a line, "CIDR label…" (the label is optional). Whether each is a CIDR block
 * is the server's check, whose message names the line's rule.
 */
export const ZIpAllowlistForm = z
  .object({ rules: z.string(), enabled: z.boolean(), onEvaluationError: ZOnEvaluationError })
  .transform(({ rules, enabled, onEvaluationError }) => ({
    enabled,
    onEvaluationError,
    rules: rules
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((line) => {
        const [cidr, ...label] = line.split(/\s+/);
        return { cidr: cidr!, ...(label.length ? { label: label.join(" ") } : {}) };
      }),
  }));
export type TIpAllowlistForm = z.output<typeof ZIpAllowlistForm>;

export function ipAllowlistDraft(current: TIpAllowlist): z.input<typeof ZIpAllowlistForm> {
  return {
    rules: current.rules.map((r) => (r.label ? `${r.cidr} ${r.label}` : r.cidr)).join("\n"),
    // No list yet is shown as an empty, disabled one; a first list is meant to be enforced.
    enabled: current.rules.length === 0 ? true : (current.enabled ?? true),
    onEvaluationError: current.onEvaluationError ?? "DENY",
  };
}

export const useSetIpAllowlist = () =>
  useActivityMutation<TIpAllowlistForm>("set_ip_allowlist", (params) => params, [IP_ALLOWLIST]);

export const useRemoveIpAllowlist = () =>
  useActivityMutation<undefined>("remove_ip_allowlist", () => ({}), [IP_ALLOWLIST]);
