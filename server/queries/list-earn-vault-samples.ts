import { EARN_SAMPLES_MAX, ZListEarnVaultSamplesRequest } from "@/lib/api/earn-samples";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { findEarnVault } from "../earn/deployment";
import { wrapperSamples } from "../earn/samples";
import { requireWrapper } from "../earn/wrappers";
import { requireFeature } from "../organizations/features";
import { defineQuery } from "./define";

/**
 * list_earn_vault_samples: one of the organization's wrappers' gross and net APY and TVL over time,
 * oldest first, from the samples the earn-samples job keeps (another organization's wrapper is a 404).
 */
export const listEarnVaultSamples = defineQuery({
  path: "list_earn_vault_samples",
  summary:
    "Latchkey extension: an enabled Earn vault's gross and net APY, the wrapper's deposits and the vault's TVL over time, " +
    "oldest first, as sampled by the server every LATCHKEY_EARN_SAMPLE_INTERVAL_SECONDS",
  latchkeyExtension: true,
  request: ZListEarnVaultSamplesRequest,
  response: QUERY_RESPONSES.list_earn_vault_samples,
  async run({ app, organization }, request) {
    await requireFeature(app.db, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrapper = await requireWrapper(app.db, organization.id, request.wrapperAddress, request.chainCaip2);
    const since = new Date(request.sinceMs ? Number(request.sinceMs) : 0);
    const vault = findEarnVault(app, wrapper.caip2, wrapper.vaultAddress);
    const rows = await wrapperSamples(app.db, wrapper.id, since, request.limit ?? EARN_SAMPLES_MAX);
    return {
      wrapperAddress: wrapper.wrapperAddress,
      symbol: vault?.token.symbol ?? "",
      decimals: vault?.token.decimals ?? 0,
      intervalSeconds: app.config.earnSamples.intervalSeconds,
      samples: rows.map((r) => ({
        sampledAtMs: String(r.sampledAt.getTime()),
        apyPct: r.grossApy,
        netApyPct: r.netApy,
        totalDeposited: r.wrapperAssets,
        ...(r.wrapperUsd === null ? {} : { totalDepositedUsd: r.wrapperUsd }),
        vaultTvl: r.vaultAssets,
        ...(r.vaultUsd === null ? {} : { vaultTvlUsd: r.vaultUsd }),
      })),
    };
  },
});
