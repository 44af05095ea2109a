import { EARN_SAMPLES_MAX, ZListEarnPositionSamplesRequest } from "@/lib/api/earn-samples";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { findEarnVault } from "../earn/deployment";
import { positionSamples } from "../earn/position-samples";
import { requireWrapper } from "../earn/wrappers";
import { requireFeature } from "../organizations/features";
import { defineQuery } from "./define";

/**
 * list_earn_position_samples: one wallet's position in one of the organization's wrappers over
 * time, oldest first, from the samples the earn-samples job keeps (another organization's wrapper
 * is a 404; a wallet that never held a position there has no samples).
 */
export const listEarnPositionSamples = defineQuery({
  path: "list_earn_position_samples",
  summary:
    "Latchkey extension: a wallet's Earn position in one wrapper over time (its shares and what they redeem for, " +
    "net of fees), oldest first, as sampled by the server every LATCHKEY_EARN_SAMPLE_INTERVAL_SECONDS",
  latchkeyExtension: true,
  request: ZListEarnPositionSamplesRequest,
  response: QUERY_RESPONSES.list_earn_position_samples,
  async run({ app, organization }, request) {
    await requireFeature(app.db, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrapper = await requireWrapper(app.db, organization.id, request.wrapperAddress, request.chainCaip2);
    const since = new Date(request.sinceMs ? Number(request.sinceMs) : 0);
    const vault = findEarnVault(app, wrapper.caip2, wrapper.vaultAddress);
    const limit = request.limit ?? EARN_SAMPLES_MAX;
    const rows = await positionSamples(app.db, wrapper.id, request.walletAddress, since, limit);
    return {
      wrapperAddress: wrapper.wrapperAddress,
      walletAddress: request.walletAddress,
      symbol: vault?.token.symbol ?? "",
      decimals: vault?.token.decimals ?? 0,
      intervalSeconds: app.config.earnSamples.intervalSeconds,
      samples: rows.map((r) => ({
        sampledAtMs: String(r.sampledAt.getTime()),
        shares: r.shares,
        currentValue: r.assets,
        ...(r.assetsUsd === null ? {} : { currentValueUsd: r.assetsUsd }),
      })),
    };
  },
});
