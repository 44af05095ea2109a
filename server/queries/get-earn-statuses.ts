import { z } from "zod";
import { ZId } from "@/lib/api/common";
import {
  ZGetClaimEarnFeesStatusResponse,
  ZGetEarnDeployStatusResponse,
  ZGetEarnDepositStatusResponse,
  ZGetEarnWithdrawStatusResponse,
} from "@/lib/api/earn-wrappers";
import { earnRequestStatus } from "../earn/request-status";
import type { EarnRequestKind } from "../earn/requests";
import { defineQuery } from "./define";

/**
 * The four Earn status queries: one shape, each for its own kind of request (a deposit's id is not
 * a withdrawal's), each naming its id and hash the reference's way. README "Earn: wrappers" lists
 * the states.
 */
function earnStatusQuery<I extends string, H extends string>(
  path: string,
  kind: EarnRequestKind,
  idKey: I,
  hashKey: H,
  response: z.ZodType,
  what: string,
) {
  return defineQuery({
    path,
    summary: `Poll ${what} until it is confirmed on the chain: PENDING, then COMPLETED or FAILED (with the chain's reason)`,
    request: z.object({ organizationId: ZId, [idKey]: ZId } as { organizationId: typeof ZId } & Record<
      I,
      typeof ZId
    >),
    response: response as z.ZodType<{ status: string; error?: string } & Partial<Record<H, string>>>,
    async run({ app, organization }, request) {
      const id = (request as Record<string, string>)[idKey]!;
      const { txHash, ...rest } = await earnRequestStatus(app.db, organization.id, kind, id, idKey);
      return { ...rest, ...(txHash ? { [hashKey]: txHash } : {}) } as never;
    },
  });
}

export const getEarnDeployStatus = earnStatusQuery(
  "get_earn_deploy_status",
  "DEPLOY",
  "deployRequestId",
  "deployTxHash",
  ZGetEarnDeployStatusResponse,
  "a wrapper deployment",
);
export const getEarnDepositStatus = earnStatusQuery(
  "get_earn_deposit_status",
  "DEPOSIT",
  "depositRequestId",
  "depositTxHash",
  ZGetEarnDepositStatusResponse,
  "a deposit",
);
export const getEarnWithdrawStatus = earnStatusQuery(
  "get_earn_withdraw_status",
  "WITHDRAW",
  "withdrawRequestId",
  "withdrawTxHash",
  ZGetEarnWithdrawStatusResponse,
  "a withdrawal",
);
export const getClaimEarnFeesStatus = earnStatusQuery(
  "get_claim_earn_fees_status",
  "CLAIM",
  "claimRequestId",
  "claimTxHash",
  ZGetClaimEarnFeesStatusResponse,
  "a fee claim",
);
