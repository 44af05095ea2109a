import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZRemoveIpAllowlistParams } from "@/lib/api/ip-allowlist";
import { ipAllowlists } from "../db/schema";
import { notFound } from "../errors";
import { defineActivity } from "./define";

/**
 * remove_ip_allowlist: drop the organization's allowlist (every address is let in again) or one
 * API key's (the organization's governs that key again).
 */
export const removeIpAllowlist = defineActivity({
  path: "remove_ip_allowlist",
  type: ACTIVITY_TYPES.remove_ip_allowlist,
  resource: "CONFIG",
  action: "DELETE",
  intentKey: "removeIpAllowlistIntent",
  resultKey: "removeIpAllowlistResult",
  describe: (p) =>
    `Remove the IP allowlist of ${p.publicKey ? `API key ${p.publicKey.slice(0, 10)}…` : "the organization"}`,
  summary: "Remove the IP allowlist of the organization or of one API key",
  params: ZRemoveIpAllowlistParams,
  result: z.object({}),
  async execute({ tx, organization }, params) {
    const publicKey = params.publicKey?.toLowerCase();
    const removed = await tx
      .delete(ipAllowlists)
      .where(
        and(
          eq(ipAllowlists.organizationId, organization.id),
          publicKey ? eq(ipAllowlists.publicKey, publicKey) : isNull(ipAllowlists.publicKey),
        ),
      )
      .returning({ organizationId: ipAllowlists.organizationId });
    if (removed.length === 0) {
      throw notFound("ip allowlist", publicKey ? `API key ${publicKey}` : `organization ${organization.id}`);
    }
    return {};
  },
});
