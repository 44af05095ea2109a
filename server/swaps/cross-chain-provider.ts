import { encodeFunctionData, erc20Abi, keccak256, toBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { chainInfo } from "@/lib/api/chains";
import { evmAdapter } from "../chains/evm/adapter";
import { SEEDED_TOKENS } from "../chains/evm/seeded-tokens";
import { isRpcError, type JsonRpcClient } from "../chains/json-rpc";
import { readContract } from "../earn/read-contract";
import { invalid } from "../errors";
import { LOCAL_SWAP_POOLS, NATIVE } from "./local-pools";
import type { SwapAsset, SwapProvider } from "./provider";

export const CROSS_CHAIN_PROVIDER = "LATCHKEY_LOCAL_CROSS_CHAIN";

/**
 * The local cross-chain provider's account: its deposit address and the account it pays out and
 * refunds from, the same address on every local EVM devnet. Derived from a public constant like the
 * other devnet keys (harmless on a devnet, never real); funded at start-up (cross-chain-inventory.ts).
 */
export const CROSS_CHAIN_SEED = "latchkey:devnet-cross-chain-provider";
export const crossChainAccount = privateKeyToAccount(keccak256(toBytes(CROSS_CHAIN_SEED)));

/** The provider's own fee on what it bridges (0.1 %), before the organization's client fee. */
export const CROSS_CHAIN_PROVIDER_FEE_BPS = 10n;
/** Two local blocks (the deposit, the payout) and the job's polling between them. */
const CROSS_CHAIN_SECONDS = 6;

const symbolOf = (asset: SwapAsset): string =>
  asset.address === NATIVE
    ? chainInfo(asset.caip2)!.nativeSymbol
    : SEEDED_TOKENS.find((t) => t.address.toLowerCase() === asset.address.toLowerCase())!.symbol;

/**
 * What the provider holds on the destination chain for the input it takes on the origin chain: the
 * same coin or seeded token (ETH stays ETH, USDC stays USDC), or WETH for ETH where the destination's
 * native coin is another (Polygon's POL). Bridging is 1:1 into it; anything else is refused.
 */
export function counterpartOn(input: SwapAsset, destination: string): `0x${string}` {
  const symbol = symbolOf(input);
  if (chainInfo(destination)!.nativeSymbol === symbol) return NATIVE;
  const wanted = symbol === "ETH" ? "WETH" : symbol;
  const token = SEEDED_TOKENS.find((t) => t.symbol === wanted);
  if (!token)
    throw invalid(`the cross-chain provider cannot bridge ${symbol} to ${destination}`, "inputToken");
  return token.address;
}

export interface CrossChainPrice {
  /** Before the client fee: what the provider pays in all. */
  gross: bigint;
  clientFee: bigint;
  /** What the signer receives. */
  output: bigint;
}

/**
 * The price the provider fills at, now: the input bridged 1:1 less the provider fee, then — when the
 * output is another asset than the bridged one — converted at the destination's local pools' current
 * price (getAmountOut: what a swap there would pay, price impact and LP fee included), less the
 * organization's client fee.
 */
export async function crossChainPrice(
  destination: JsonRpcClient,
  input: SwapAsset,
  output: SwapAsset,
  inputAmount: bigint,
  clientFeeBps: number,
): Promise<CrossChainPrice> {
  const bridged = inputAmount - (inputAmount * CROSS_CHAIN_PROVIDER_FEE_BPS) / 10_000n;
  const counterpart = counterpartOn(input, output.caip2);
  let gross = bridged;
  if (counterpart.toLowerCase() !== output.address.toLowerCase()) {
    try {
      gross = await readContract<bigint>(
        destination,
        LOCAL_SWAP_POOLS.address,
        LOCAL_SWAP_POOLS.abi,
        "getAmountOut",
        [counterpart, output.address, bridged],
      );
    } catch (error) {
      if (isRpcError(error) && /execution reverted/i.test(error.message)) {
        throw invalid(
          `no price between ${input.caip19} and ${output.caip19} on ${output.caip2}`,
          "outputToken",
        );
      }
      throw error;
    }
  }
  const clientFee = (gross * BigInt(clientFeeBps)) / 10_000n;
  return { gross, clientFee, output: gross - clientFee };
}

/** What the provider's account holds of a token (0x0: the native coin) on a chain. */
export const providerHolds = (client: JsonRpcClient, token: string) =>
  token === NATIVE
    ? evmAdapter(client).balance(crossChainAccount.address)
    : evmAdapter(client).tokenBalance(token, crossChainAccount.address);

/** A transfer of `amount` of a token (0x0: native) to `to`, as one call. */
export function transferCall(token: string, to: `0x${string}`, amount: bigint) {
  if (token === NATIVE) return { to, value: amount, data: "0x" as const };
  return {
    to: token as `0x${string}`,
    value: 0n,
    data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] }),
  };
}

/**
 * The local cross-chain provider: the user's execution is one ordinary transfer of the input to the
 * provider's deposit address on the origin chain (policies see it as any eth.tx); a job
 * (cross-chain-job.ts) waits for it, then pays the output on the destination chain — to the same
 * address, EVM accounts being one address on every chain — or refunds the input. The client fee is
 * paid to the fee receiver on the destination chain in the same fill, so nothing accrues to claim.
 */
export const localCrossChainProvider: SwapProvider = {
  name: CROSS_CHAIN_PROVIDER,

  async quote(client, request, destination) {
    if (!destination) throw new Error("a cross-chain quote needs the destination chain's client");
    const { input, output, inputAmount, signer } = request;
    const held =
      input.address === NATIVE
        ? await evmAdapter(client).balance(signer)
        : await evmAdapter(client).tokenBalance(input.address, signer);
    if (held < inputAmount) {
      throw invalid(
        `${signer} holds ${held} of ${input.caip19}, less than the inputAmount ${inputAmount}`,
        "inputAmount",
      );
    }
    const price = await crossChainPrice(destination, input, output, inputAmount, request.clientFeeBps);
    if (price.output === 0n) throw invalid("inputAmount is too small: it buys nothing", "inputAmount");
    const liquidity = await providerHolds(destination, output.address);
    if (liquidity < price.gross) {
      throw invalid(
        `the cross-chain provider holds ${liquidity} of ${output.caip19}, less than the ${price.gross} this swap needs`,
        "inputAmount",
      );
    }
    const minOutputAmount = (price.output * BigInt(10_000 - request.slippageBps)) / 10_000n;
    return { outputAmount: price.output, minOutputAmount, estimatedTimeSeconds: CROSS_CHAIN_SECONDS };
  },

  buildCalls(q) {
    const call = transferCall(q.input.address, crossChainAccount.address, q.inputAmount);
    return [
      q.input.address === NATIVE
        ? { to: call.to, value: call.value.toString() }
        : { to: call.to, data: call.data },
    ];
  },

  // get_swap_status reads a cross-chain swap's output from its fill (cross-chain-status.ts).
  async deliveredOutput() {
    return undefined;
  },

  // The client fee is paid out with each fill: nothing is ever owed.
  async accruedFees() {
    return new Map();
  },

  claimCalls() {
    return [];
  },
};
