import { and, eq, sql } from "drizzle-orm";
import { displayAmount, ZGetWalletAddressBalancesRequest } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { assetBalances, servedAssets } from "../chains/assets";
import { readChain } from "../chains/read";
import { walletAccounts } from "../db/schema";
import { notFound } from "../errors";
import { defineQuery } from "./define";

export const getWalletAddressBalances = defineQuery({
  path: "get_wallet_address_balances",
  summary:
    "The non-zero balances (native coin and, on local devnets, the seeded tokens) of one of the organization's wallet account addresses on a chain",
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
    const units = await readChain(info.caip2, () => assetBalances(app.chains, info.caip2, request.address));
    // Only non-zero balances, as the reference answers.
    return {
      balances: servedAssets(app.chains, info.caip2).flatMap((asset, i) =>
        units[i]! === 0n
          ? []
          : [
              {
                caip19: asset.caip19,
                symbol: asset.symbol,
                name: asset.name,
                decimals: asset.decimals,
                balance: units[i]!.toString(),
                display: { crypto: displayAmount(units[i]!, asset.decimals) },
              },
            ],
      ),
    };
  },
});
