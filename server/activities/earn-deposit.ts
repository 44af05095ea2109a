import { erc20Abi } from "viem";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { chainInfo } from "@/lib/api/chains";
import { ZEarnDepositParams } from "@/lib/api/earn-wrappers";
import { earnChain } from "../earn/earn-chain";
import { readContract } from "../earn/read-contract";
import { depositCalls, policyView } from "../earn/user-calls";
import { acceptUserEarnSend, requireEvmAccount } from "../earn/user-send";
import { organizationWrappers, requireDepositTarget } from "../earn/wrappers";
import { invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { defineActivity } from "./define";

/**
 * earn_deposit: ONE transaction from the user's account — an EIP-7702 batch of approve(exact
 * amount) and deposit, through the send pipeline (a permit would need the token to support
 * EIP-2612 and the wrapper a permit entry; the batch needs neither and leaves no allowance). With
 * `sponsor` the organization's gas station pays. Only the newest wrapper of a vault takes deposits.
 */
export const earnDeposit = defineActivity({
  path: "earn_deposit",
  type: ACTIVITY_TYPES.earn_deposit,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  targets: (p) => ({ signWith: p.signWith }),
  // The approve goes to the wrapper's asset, which only the stored wrapper knows.
  async policyTargets(db, organizationId, p) {
    const wrapper = (await organizationWrappers(db, organizationId)).find(
      (w) => w.wrapperAddress.toLowerCase() === p.wrapperAddress.toLowerCase(),
    );
    if (!wrapper) return { signWith: p.signWith };
    const calls = depositCalls(wrapper.assetAddress, wrapper.wrapperAddress, BigInt(p.assets), p.signWith);
    return policyView(chainInfo(p.chainCaip2)?.chainId ?? 0, p.signWith, calls);
  },
  intentKey: "earnDepositIntent",
  resultKey: "earnDepositResult",
  summary:
    "Deposit into an Earn wrapper from a wallet account in one transaction (approve and deposit as an EIP-7702 batch; sponsor: true paid by the gas station). Follow it with get_earn_deposit_status",
  describe: (p, n) =>
    `Deposit ${p.assets} base units into Earn wrapper ${p.wrapperAddress} from ${n.signer(p.signWith)}${p.sponsor ? ", gas sponsored" : ""}`,
  params: ZEarnDepositParams,
  result: z.object({ depositRequestId: z.string() }),
  async execute(ctx, params) {
    const { app, tx, organization } = ctx;
    await requireFeature(tx, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrapper = await requireDepositTarget(tx, organization.id, params.wrapperAddress, params.chainCaip2);
    await requireEvmAccount(ctx, params.signWith);
    const assets = BigInt(params.assets);
    const balance = await earnChain(app, params.chainCaip2, "chainCaip2", (client) =>
      readContract<bigint>(client, wrapper.assetAddress, erc20Abi, "balanceOf", [params.signWith]),
    );
    if (assets > balance) {
      throw invalid(
        `assets ${assets} is above the balance of ${params.signWith}: ${balance} base units`,
        "assets",
      );
    }
    const depositRequestId = await acceptUserEarnSend(ctx, {
      kind: "DEPOSIT",
      caip2: params.chainCaip2,
      wrapperAddress: wrapper.wrapperAddress,
      account: params.signWith,
      assets,
      calls: depositCalls(wrapper.assetAddress, wrapper.wrapperAddress, assets, params.signWith),
      sponsor: params.sponsor,
    });
    return { depositRequestId };
  },
});
