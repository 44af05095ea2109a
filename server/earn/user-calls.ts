import { encodeFunctionData, erc20Abi, type Hex, serializeTransaction } from "viem";
import type { ActivityTargets } from "../policy/profile";
import { FEE_WRAPPER } from "./contracts";

/** One call of the user's send, as eth_send_transaction takes it. */
export interface UserCall {
  to: string;
  data: string;
}

/**
 * A deposit is one transaction from the user's account: an EIP-7702 batch of the asset's approve of
 * exactly the amount and the wrapper's deposit to the account itself — nothing left approved after.
 */
export function depositCalls(asset: string, wrapper: string, assets: bigint, account: string): UserCall[] {
  return [
    {
      to: asset,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [wrapper as Hex, assets] }),
    },
    {
      to: wrapper,
      data: encodeFunctionData({ abi: FEE_WRAPPER.abi, functionName: "deposit", args: [assets, account] }),
    },
  ];
}

/** A withdrawal redeems wrapper shares (selector 0xba087652) to the account that owns them. */
export function withdrawCalls(wrapper: string, shares: bigint, account: string): UserCall[] {
  return [
    {
      to: wrapper,
      data: encodeFunctionData({
        abi: FEE_WRAPPER.abi,
        functionName: "redeem",
        args: [shares, account, account],
      }),
    },
  ];
}

/** What policies read: each call as the EIP-1559 transaction it would be alone (eth.tx.to, eth.tx.data). */
export function policyView(chainId: number, signWith: string, calls: UserCall[]): ActivityTargets {
  return {
    signWith,
    signs: {
      transactionType: "TRANSACTION_TYPE_ETHEREUM",
      unsignedTransactions: calls.map((call) =>
        serializeTransaction({
          type: "eip1559",
          chainId,
          nonce: 0,
          to: call.to as Hex,
          value: 0n,
          data: call.data as Hex,
          gas: 0n,
          maxFeePerGas: 0n,
          maxPriorityFeePerGas: 0n,
        }),
      ),
    },
  };
}
