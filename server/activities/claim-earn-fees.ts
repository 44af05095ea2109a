import { encodeFunctionData } from "viem";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZClaimEarnFeesParams } from "@/lib/api/earn-wrappers";
import { FEE_SPLITTER } from "../earn/contracts";
import { acceptEarnRequest } from "../earn/requests";
import { requireWrapper } from "../earn/wrappers";
import { invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { defineActivity } from "./define";

/**
 * claim_earn_fees: the splitter's claim(), sent by the operator (anyone may call it; the payees are
 * fixed on the chain): the client share is paid to the wrapper's clientFeeWallet, the operator's to
 * the operator, both redeemed to the underlying asset.
 */
export const claimEarnFees = defineActivity({
  path: "claim_earn_fees",
  type: ACTIVITY_TYPES.claim_earn_fees,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "claimEarnFeesIntent",
  resultKey: "claimEarnFeesResult",
  summary:
    "Claim an Earn wrapper's accrued fees: the client share is paid to its fee wallet. Follow it with get_claim_earn_fees_status",
  describe: (p) => `Claim the fees of Earn wrapper ${p.wrapperAddress}`,
  params: ZClaimEarnFeesParams,
  result: z.object({ claimRequestId: z.string() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrapper = await requireWrapper(tx, organization.id, params.wrapperAddress);
    if (wrapper.deployStatus !== "COMPLETED") {
      throw invalid(
        `wrapper ${params.wrapperAddress} is still being deployed: poll get_earn_deploy_status`,
        "wrapperAddress",
      );
    }
    const claimRequestId = await acceptEarnRequest(tx, now, {
      organizationId: organization.id,
      activityId,
      kind: "CLAIM",
      caip2: wrapper.caip2,
      wrapperAddress: wrapper.wrapperAddress,
      walletAddress: wrapper.clientFeeWallet,
      call: {
        to: wrapper.splitterAddress,
        data: encodeFunctionData({ abi: FEE_SPLITTER.abi, functionName: "claim" }),
      },
    });
    afterCommit(() => app.jobWake.notify());
    return { claimRequestId };
  },
});
