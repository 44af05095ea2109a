import { nativeAsset } from "@/lib/api/assets";
import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import type { TAccruedSwapFee } from "@/lib/api/swap-fees";
import { seededTokenAssets } from "../chains/evm/seeded-tokens";
import { FEE_TOKENS, feePlaces, feeReceiverOf } from "../swaps/fee-places";
import { NATIVE } from "../swaps/local-pools";
import { providerNamed } from "../swaps/providers";
import { defineQuery } from "./define";

/** The asset a fee token address stands for on a chain: its CAIP-19, symbol and decimals. */
function feeAsset(caip2: string, token: `0x${string}`) {
  if (token === NATIVE) return nativeAsset(caip2);
  return seededTokenAssets(caip2).find((a) => a.caip19.endsWith(`:${token.toLowerCase()}`))!;
}

/**
 * list_swap_fees: the fees owed to the current receiver, read from the providers' contracts (the
 * chain is the record: a claim, by anyone, changes it). The same places claim_swap_fees pays from.
 */
export const listSwapFees = defineQuery({
  path: "list_swap_fees",
  summary:
    "Latchkey extension: the client fees accrued to the swap fee receiver and not yet claimed, per chain and " +
    "token, read from the chain (zeros included)",
  latchkeyExtension: true,
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_swap_fees,
  async run({ app, organization }) {
    const receiver = await feeReceiverOf(app.db, organization.id);
    if (!receiver) return { feeReceiverWalletAddress: "", fees: [] };
    const owed = new Map<string, TAccruedSwapFee>();
    for (const { caip2, provider } of await feePlaces(app.db, organization.id, receiver)) {
      const amounts = await providerNamed(provider)!.accruedFees(
        await app.chains.rpc(caip2),
        receiver,
        FEE_TOKENS,
      );
      for (const token of FEE_TOKENS) {
        const { caip19, symbol, decimals } = feeAsset(caip2, token);
        // Two providers on one chain owe the receiver separately; the reader wants the sum.
        const before = BigInt(owed.get(caip19)?.amount ?? 0);
        const amount = String(before + (amounts.get(token) ?? 0n));
        owed.set(caip19, { caip2, caip19, symbol, decimals, amount });
      }
    }
    return { feeReceiverWalletAddress: receiver, fees: [...owed.values()] };
  },
});
