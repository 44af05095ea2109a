import { eq } from "drizzle-orm";
import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { swapConfigs } from "../db/schema";
import { defineQuery } from "./define";

/**
 * get_swap_config: read back what upsert_swap_config set, so finance sees the fee in force before
 * changing it. Never set: no receiver and a zero fee, which is what swaps then charge.
 */
export const getSwapConfig = defineQuery({
  path: "get_swap_config",
  summary:
    "Latchkey extension: the organization's swap fee config (fee receiver wallet account, feeBps, stableFeeBps), " +
    "as upsert_swap_config set it",
  latchkeyExtension: true,
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_swap_config,
  async run({ app, organization }) {
    const [row] = await app.db
      .select()
      .from(swapConfigs)
      .where(eq(swapConfigs.organizationId, organization.id));
    return {
      swapConfig: {
        feeReceiverWalletAddress: row?.feeReceiverAddress ?? "",
        feeBps: String(row?.feeBps ?? 0),
        ...(row?.stableFeeBps != null ? { stableFeeBps: String(row.stableFeeBps) } : {}),
      },
    };
  },
});
