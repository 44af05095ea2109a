import { and, eq, sql } from "drizzle-orm";
import { displayAmount, nativeAsset, ZGetWalletAddressBalancesRequest } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { evmAdapter } from "../chains/evm/adapter";
import { readChain } from "../chains/read";
import { walletAccounts } from "../db/schema";
import { invalid, notFound } from "../errors";
import { defineQuery } from "./define";

export const getWalletAddressBalances = defineQuery({
  path: "get_wallet_address_balances",
  summary: "The balances of one of the organization's wallet account addresses on a chain, in base units",
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
    const units = await readChain(info.caip2, async () =>
      evmAdapter(await app.chains.rpc(info.caip2)).balance(request.address),
    );
    const native = nativeAsset(info.caip2);
    return {
      balances: [
        {
          caip19: native.caip19,
          symbol: native.symbol,
          name: native.name,
          decimals: native.decimals,
          balance: units.toString(),
          display: { crypto: displayAmount(units, native.decimals) },
        },
      ],
    };
  },
});
