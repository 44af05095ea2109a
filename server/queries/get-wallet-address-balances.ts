import { and, eq, sql } from "drizzle-orm";
import { displayAmount, nativeAsset, ZGetWalletAddressBalancesRequest } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { evmAdapter } from "../chains/evm/adapter";
import { SEEDED_TOKENS, seededTokenAssets } from "../chains/evm/seeded-tokens";
import { readChain } from "../chains/read";
import { walletAccounts } from "../db/schema";
import { invalid, notFound } from "../errors";
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
    if (info.family !== "evm") {
      throw invalid(`balances on ${info.caip2} are not available yet (no Solana devnet)`, "caip2");
    }
    // Only non-zero balances, as the reference answers; tokens only where they exist (local devnets).
    const tokens = app.chains.isLocal(info.caip2) ? SEEDED_TOKENS : [];
    const assets = [nativeAsset(info.caip2), ...seededTokenAssets(info.caip2).slice(0, tokens.length)];
    const units = await readChain(info.caip2, async () => {
      const chain = evmAdapter(await app.chains.rpc(info.caip2));
      return Promise.all([
        chain.balance(request.address),
        ...tokens.map((token) => chain.tokenBalance(token.address, request.address)),
      ]);
    });
    return {
      balances: assets.flatMap((asset, i) =>
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
