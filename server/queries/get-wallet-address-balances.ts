import { and, eq, sql } from "drizzle-orm";
import { displayAmount, ZGetWalletAddressBalancesRequest } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { assetBalances, servedAssets } from "../chains/assets";
import { readChain } from "../chains/read";
import { walletAccounts } from "../db/schema";
import { earnNetworkTokens } from "../earn/deployment";
import { notFound } from "../errors";
import { formatUsd } from "../gas-station/prices";
import { defineQuery } from "./define";

export const getWalletAddressBalances = defineQuery({
  path: "get_wallet_address_balances",
  summary:
    "The non-zero balances (native coin and, on local devnets, the seeded tokens; on configured chains, the configured Earn assets) of one of the organization's wallet account addresses on a chain; display.usd where LATCHKEY_USD_PRICES prices the symbol",
  request: ZGetWalletAddressBalancesRequest,
  response: QUERY_RESPONSES.get_wallet_address_balances,
  async run({ app, organization }, request) {
    const info = chainInfo(request.caip2)!;
    // EVM addresses compare without their checksum case; others exactly.
    const sameAddress =
      info.family === "evm"
        ? sql`lower(${walletAccounts.address}) = ${request.address.toLowerCase()}`
        : eq(walletAccounts.address, request.address);
    const [account] = await app.db
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.organizationId, organization.id), sameAddress))
      .limit(1);
    if (!account) throw notFound("wallet account", request.address);
    const tokens = earnNetworkTokens(app, info.caip2);
    const units = await readChain(info.caip2, () =>
      assetBalances(app.chains, info.caip2, request.address, tokens),
    );
    // Only non-zero balances, as the reference answers; USD for display, at the configured prices.
    return {
      balances: servedAssets(app.chains, info.caip2, tokens).flatMap((asset, i) => {
        const amount = units[i]!;
        if (amount === 0n) return [];
        const price = app.config.usdPrices[asset.symbol.toUpperCase()];
        const usd = price === undefined ? undefined : (amount * price) / 10n ** BigInt(asset.decimals);
        return [
          {
            caip19: asset.caip19,
            symbol: asset.symbol,
            name: asset.name,
            decimals: asset.decimals,
            balance: amount.toString(),
            display: {
              crypto: displayAmount(amount, asset.decimals),
              ...(usd === undefined ? {} : { usd: formatUsd(usd) }),
            },
          },
        ];
      }),
    };
  },
});
