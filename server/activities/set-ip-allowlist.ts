import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSetIpAllowlistParams } from "@/lib/api/ip-allowlist";
import { apiKeys, ipAllowlists, type StoredIpRule } from "../db/schema";
import { invalid, notFound } from "../errors";
import { CidrError, parseCidr } from "../ip-allowlist/cidr";
import { findAllowlist } from "../ip-allowlist/store";
import { defineActivity } from "./define";

/** Parsed and checked rules; a rule already on the list keeps its creation time. */
function checkedRules(
  rules: { cidr: string; label?: string }[],
  kept: StoredIpRule[],
  now: Date,
): StoredIpRule[] {
  const out: StoredIpRule[] = [];
  rules.forEach((rule, i) => {
    let cidr: string;
    try {
      cidr = parseCidr(rule.cidr).text;
    } catch (error) {
      if (error instanceof CidrError) throw invalid(error.message, `parameters.rules[${i}].cidr`);
      throw error;
    }
    if (out.some((r) => r.cidr === cidr))
      throw invalid(`${cidr} is listed twice`, `parameters.rules[${i}].cidr`);
    const createdAt = kept.find((r) => r.cidr === cidr)?.createdAt ?? String(now.getTime());
    out.push({ cidr, ...(rule.label ? { label: rule.label } : {}), createdAt });
  });
  return out;
}

/**
 * set_ip_allowlist: create or replace the organization's allowlist, or one API key's (which then
 * governs that key's requests instead of the organization's). Fields left out keep their values.
 */
export const setIpAllowlist = defineActivity({
  path: "set_ip_allowlist",
  type: ACTIVITY_TYPES.set_ip_allowlist,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "setIpAllowlistIntent",
  resultKey: "setIpAllowlistResult",
  describe: (p) =>
    `Set the IP allowlist of ${p.publicKey ? `API key ${p.publicKey.slice(0, 10)}…` : "the organization"}` +
    (p.rules ? ` to ${p.rules.map((r) => r.cidr).join(", ") || "no rules"}` : "") +
    (p.enabled === false ? " (disabled)" : ""),
  summary: "Create or update the IP allowlist of the organization or of one API key",
  params: ZSetIpAllowlistParams,
  result: z.object({}),
  async execute({ tx, organization, now }, params) {
    const publicKey = params.publicKey?.toLowerCase();
    if (publicKey) {
      if (params.enabled !== undefined) {
        throw invalid(
          "enabled applies to the organization's allowlist only; an API key's is on while it exists",
          "parameters.enabled",
        );
      }
      const [key] = await tx
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.organizationId, organization.id), eq(apiKeys.publicKey, publicKey)));
      if (!key) throw notFound("api key", publicKey);
    }
    const existing = await findAllowlist(tx, organization.id, publicKey);
    const rules = params.rules
      ? checkedRules(params.rules, existing?.rules ?? [], now)
      : (existing?.rules ?? []);
    const enabled = publicKey ? null : (params.enabled ?? existing?.enabled ?? true);
    // An allowlist with no rules would refuse every request, the next one from this caller included.
    if (rules.length === 0 && enabled !== false) {
      throw invalid(
        "an allowlist with no rules would refuse every request; add a rule, set enabled: false, or use remove_ip_allowlist",
        "parameters.rules",
      );
    }
    const values = {
      enabled,
      rules,
      onEvaluationError: params.onEvaluationError ?? existing?.onEvaluationError ?? "DENY",
      updatedAt: now,
    };
    await tx
      .insert(ipAllowlists)
      .values({ organizationId: organization.id, publicKey: publicKey ?? null, createdAt: now, ...values })
      .onConflictDoUpdate({ target: [ipAllowlists.organizationId, ipAllowlists.publicKey], set: values });
    return {};
  },
});
