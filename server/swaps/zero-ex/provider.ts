import { encodeFunctionData, erc20Abi } from "viem";
import { chainInfo } from "@/lib/api/chains";
import { NATIVE } from "../local-pools";
import type { BoundQuote, SwapAsset, SwapProvider } from "../provider";
import type { ZeroExConfig } from "./config";
import { deliveredToTaker } from "./delivered";
import { zeroExGet } from "./http";
import { readZeroExQuote, ZERO_EX_NATIVE, type ZeroExTransaction } from "./quote-response";

export const ZERO_EX = "ZERO_EX";
/** 0x settles in the transaction it quotes: one block of a typical EVM chain. */
const SETTLE_SECONDS = 15;

const zeroExToken = (asset: SwapAsset) => (asset.address === NATIVE ? ZERO_EX_NATIVE : asset.address);

/**
 * The 0x Swap API v2 as a swap provider (allowance-holder flow). A quote asks 0x for the taker's
 * firm quote, with the organization's client fee as 0x's integrator fee (swapFeeBps of the buy
 * token to the fee receiver, so 0x's buyAmount already excludes it), and stores 0x's transaction.
 * Executing sends that transaction — after an approval of exactly the sell amount to the
 * allowance holder for an ERC-20 — through the ordinary send path, where policies judge both calls.
 * 0x pays the integrator fee to the receiver inside the swap itself: nothing accrues to claim.
 *
 * Without `config` it can only rebuild and read stored quotes (execute, status), not quote.
 */
export function zeroExProvider(config?: ZeroExConfig): SwapProvider {
  return {
    name: ZERO_EX,
    anyErc20: true,
    feesPaidInSwap: true,

    async quote(_client, request) {
      if (!config) throw new Error("the 0x adapter is not configured (LATCHKEY_SWAP_0X_API_KEY)");
      const sellToken = zeroExToken(request.input);
      const buyToken = zeroExToken(request.output);
      const params: Record<string, string> = {
        chainId: String(chainInfo(request.input.caip2)!.chainId),
        sellToken,
        buyToken,
        sellAmount: request.inputAmount.toString(),
        taker: request.signer,
        slippageBps: String(request.slippageBps),
      };
      if (request.clientFeeBps > 0) {
        Object.assign(params, {
          swapFeeRecipient: request.feeReceiver,
          swapFeeBps: String(request.clientFeeBps),
          swapFeeToken: buyToken,
        });
      }
      const body = await zeroExGet(config, "/swap/allowance-holder/quote", params);
      const { buyAmount, minBuyAmount, transaction } = readZeroExQuote(body, request, sellToken, buyToken);
      return {
        outputAmount: buyAmount,
        minOutputAmount: minBuyAmount,
        estimatedTimeSeconds: SETTLE_SECONDS,
        providerData: { transaction },
      };
    },

    buildCalls(q) {
      const { transaction } = (q.providerData ?? {}) as { transaction?: ZeroExTransaction };
      if (!transaction) throw new Error("this 0x quote has no stored transaction");
      // 0x proposes gas and gasPrice too; the send path estimates and prices its own, as for any send.
      const swap = { to: transaction.to, data: transaction.data, value: transaction.value };
      if (q.input.address === NATIVE) return [swap];
      const approve = encodeFunctionData({
        abi: erc20Abi,
        functionName: "approve",
        args: [transaction.spender, q.inputAmount],
      });
      return [{ to: q.input.address, data: approve }, swap];
    },

    deliveredOutput: (client, txHash, quote: BoundQuote) => deliveredToTaker(client, txHash, quote),

    // Never asked (feesPaidInSwap): 0x already paid the receiver.
    async accruedFees() {
      return new Map();
    },

    claimCalls() {
      return [];
    },
  };
}
