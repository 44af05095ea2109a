import { canonicalCaip2 } from "@/lib/api/chains";
import { ZListEarnVaultsRequest } from "@/lib/api/earn";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { bpsAsFraction, CATALOG_MIN_TVL_USD_MICROS, catalogVaults, readVaults } from "../earn/catalog";
import { isPriceUnavailable } from "../earn/coingecko";
import { EARN_CHAINS, isEarnChain } from "../earn/local-world";
import { pageByCursor } from "../earn/page";
import { earnPrices } from "../earn/price-source";
import { earnValueDisplay, usdValue } from "../earn/prices";
import { organizationWrappers } from "../earn/wrappers";
import { ApiError, invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { defineQuery } from "./define";

/**
 * list_earn_vaults: the vaults an organization can wrap for one asset, with TVL and APY read from the
 * chain, only those with at least 100k USD of TVL, sorted by that USD value (largest first) and paged
 * by vault address. Earn must be enabled (FEATURE_NAME_EARN_CONFIG).
 */
export const listEarnVaults = defineQuery({
  path: "list_earn_vaults",
  summary: "The Earn vault catalog for an asset: TVL and APY read from the chain, 100k USD of TVL at least",
  request: ZListEarnVaultsRequest,
  response: QUERY_RESPONSES.list_earn_vaults,
  async run({ app, organization }, request) {
    await requireFeature(app.db, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const [chainPart, assetPart] = request.caip19.split("/") as [string, string];
    const caip2 = canonicalCaip2(chainPart);
    if (!caip2 || !isEarnChain(caip2)) {
      throw invalid(`${chainPart} is not an Earn chain: Earn runs on ${EARN_CHAINS.join(", ")}`, "caip19");
    }
    const assetAddress = assetPart.slice("erc20:".length);
    const wanted = catalogVaults(app, caip2, assetAddress).filter(
      (v) =>
        !request.provider ||
        request.provider === "EARN_PROVIDER_UNSPECIFIED" ||
        v.provider === request.provider,
    );
    const readings = await readVaults(app.chains, caip2, wanted);
    const priced = await Promise.all(
      readings.map(async (v) => {
        const usd = await usdValue(earnPrices(app), v.asset.symbol, v.tvl, v.asset.decimals).catch(
          (error) => {
            if (isPriceUnavailable(error)) {
              throw new ApiError(
                "UNAVAILABLE",
                "PRICE_UNAVAILABLE",
                `no USD price of ${v.asset.symbol}: ${error.message}`,
              );
            }
            throw error;
          },
        );
        return { v, usd };
      }),
    );
    // Without a price the 100k minimum cannot be shown to hold: such a vault is not offered.
    const listed = priced
      .filter((p): p is { v: (typeof priced)[number]["v"]; usd: bigint } => p.usd !== undefined)
      .filter((p) => p.usd >= CATALOG_MIN_TVL_USD_MICROS)
      .sort((a, b) => (a.usd === b.usd ? a.v.address.localeCompare(b.v.address) : a.usd > b.usd ? -1 : 1));
    const page = pageByCursor(listed, (p) => p.v.address, request.paginationOptions);
    // Enabled: the organization has a confirmed wrapper over the vault on this chain.
    const enabled = new Set(
      (await organizationWrappers(app.db, organization.id))
        .filter((w) => w.caip2 === caip2 && w.deployStatus === "COMPLETED")
        .map((w) => w.vaultAddress.toLowerCase()),
    );
    return {
      vaults: page.items.map(({ v, usd }) => ({
        vaultAddress: v.address,
        provider: v.provider,
        caip19: `${caip2}/erc20:${v.asset.address.toLowerCase()}`,
        tvl: v.tvl.toString(),
        apyPct: bpsAsFraction(v.apyBps),
        enabled: enabled.has(v.address.toLowerCase()),
        display: earnValueDisplay(v.tvl, v.asset.decimals, usd),
        name: v.name,
        curator: v.curator,
      })),
      pageInfo: page.pageInfo,
    };
  },
});
