import { encodeFunctionData } from "viem";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEarnSetWrapperStateParams } from "@/lib/api/earn-wrappers";
import { FEE_WRAPPER } from "../earn/contracts";
import { acceptEarnRequest } from "../earn/requests";
import { requireWrapper, setWrapperDepositsDisabled } from "../earn/wrappers";
import { invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { defineActivity } from "./define";

/**
 * earn_set_wrapper_state: pause or resume deposits (withdrawals never stop). Latchkey refuses new
 * deposits at once; the wrapper's own flag follows when the operator's setDepositsPaused lands, so a
 * deposit signed elsewhere is refused by the chain too.
 */
export const earnSetWrapperState = defineActivity({
  path: "earn_set_wrapper_state",
  type: ACTIVITY_TYPES.earn_set_wrapper_state,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "earnSetWrapperStateIntent",
  resultKey: "earnSetWrapperStateResult",
  summary:
    "Pause (depositsDisabled: true) or resume deposits to an Earn wrapper; withdrawals are never blocked",
  describe: (p) => `${p.depositsDisabled ? "Pause" : "Resume"} deposits to Earn wrapper ${p.wrapperAddress}`,
  params: ZEarnSetWrapperStateParams,
  result: z.object({ wrapperAddress: z.string(), depositsDisabled: z.boolean() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrapper = await requireWrapper(tx, organization.id, params.wrapperAddress);
    if (wrapper.deployStatus !== "COMPLETED") {
      throw invalid(
        `wrapper ${params.wrapperAddress} is still being deployed: poll get_earn_deploy_status`,
        "wrapperAddress",
      );
    }
    await setWrapperDepositsDisabled(tx, wrapper.id, params.depositsDisabled);
    await acceptEarnRequest(tx, now, {
      organizationId: organization.id,
      activityId,
      kind: "SET_STATE",
      caip2: wrapper.caip2,
      wrapperAddress: wrapper.wrapperAddress,
      call: {
        to: wrapper.wrapperAddress,
        data: encodeFunctionData({
          abi: FEE_WRAPPER.abi,
          functionName: "setDepositsPaused",
          args: [params.depositsDisabled],
        }),
      },
    });
    afterCommit(() => app.jobWake.notify());
    return { wrapperAddress: wrapper.wrapperAddress, depositsDisabled: params.depositsDisabled };
  },
});
