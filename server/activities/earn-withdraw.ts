import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { chainInfo } from "@/lib/api/chains";
import { ZEarnWithdrawParams } from "@/lib/api/earn-wrappers";
import { FEE_WRAPPER } from "../earn/contracts";
import { earnChain } from "../earn/earn-chain";
import { readContract } from "../earn/read-contract";
import { policyView, withdrawCalls } from "../earn/user-calls";
import { acceptUserEarnSend, requireEvmAccount } from "../earn/user-send";
import { requireWrapper } from "../earn/wrappers";
import { invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { defineActivity } from "./define";

/**
 * earn_withdraw: redeem wrapper shares back to the account — the shares worth `amountValue` (rounded
 * up, so the account gets at least that much) or, with MAX, every share it holds. Any wrapper of the
 * organization, paused or replaced, still pays out (Earn rules 5 and 6).
 */
export const earnWithdraw = defineActivity({
  path: "earn_withdraw",
  type: ACTIVITY_TYPES.earn_withdraw,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  // Policies see redeem on the wrapper; the share amount is only known from the chain at execution,
  // so the view carries 0 shares: what a policy can judge is the wrapper and the function.
  targets: (p) =>
    policyView(
      chainInfo(p.chainCaip2)?.chainId ?? 0,
      p.signWith,
      withdrawCalls(p.wrapperAddress, 0n, p.signWith),
    ),
  intentKey: "earnWithdrawIntent",
  resultKey: "earnWithdrawResult",
  summary:
    "Withdraw from an Earn wrapper to the wallet account: an amount of the asset, or MAX for the whole position. Follow it with get_earn_withdraw_status",
  describe: (p, n) =>
    `Withdraw ${p.amountValue === "MAX" ? "the whole position" : `${p.amountValue} base units`} from Earn wrapper ${p.wrapperAddress} to ${n.signer(p.signWith)}`,
  params: ZEarnWithdrawParams,
  result: z.object({ withdrawRequestId: z.string() }),
  async execute(ctx, params) {
    const { app, tx, organization } = ctx;
    await requireFeature(tx, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrapper = await requireWrapper(tx, organization.id, params.wrapperAddress, params.chainCaip2);
    await requireEvmAccount(ctx, params.signWith);
    const { shares, assets } = await earnChain(app, params.chainCaip2, "chainCaip2", async (client) => {
      const read = <T>(fn: string, args: unknown[]) =>
        readContract<T>(client, wrapper.wrapperAddress, FEE_WRAPPER.abi, fn, args);
      const held = await read<bigint>("balanceOf", [params.signWith]);
      const position = held === 0n ? 0n : await read<bigint>("previewRedeem", [held]);
      if (position === 0n)
        throw invalid(`${params.signWith} holds no position in wrapper ${params.wrapperAddress}`, "signWith");
      if (params.amountValue === "MAX") return { shares: held, assets: position };
      const wanted = BigInt(params.amountValue);
      if (wanted > position) {
        throw invalid(
          `amountValue ${wanted} is above the position of ${params.signWith}: ${position} base units`,
          "amountValue",
        );
      }
      // Rounded up by the wrapper, so never more than the shares held once the position covers it.
      const [shares] = [await read<bigint>("previewWithdraw", [wanted]), held].sort((a, b) =>
        a < b ? -1 : 1,
      );
      return { shares: shares!, assets: wanted };
    });
    const withdrawRequestId = await acceptUserEarnSend(ctx, {
      kind: "WITHDRAW",
      caip2: params.chainCaip2,
      wrapperAddress: wrapper.wrapperAddress,
      account: params.signWith,
      assets,
      calls: withdrawCalls(wrapper.wrapperAddress, shares, params.signWith),
      sponsor: params.sponsor,
    });
    return { withdrawRequestId };
  },
});
