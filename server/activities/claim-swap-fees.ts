import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { invalid } from "../errors";
import { acceptSend } from "../sends/records";
import { FEE_TOKENS, feePlaces, feeReceiverOf } from "../swaps/fee-places";
import { providerNamed } from "../swaps/providers";
import { defineActivity } from "./define";

/**
 * claim_swap_fees: pay the fee receiver the client fees its organization's swaps accrued in the
 * swap provider's fee vault. The claim is a send from the receiver's own wallet account (it pays
 * the gas) calling the vault's claimFees for each token owed, on the first chain with fees; another
 * chain's fees are claimed by claiming again. `requestId` is that send's id: follow it with
 * get_send_transaction_status.
 */
export const claimSwapFees = defineActivity({
  path: "claim_swap_fees",
  type: ACTIVITY_TYPES.claim_swap_fees,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "claimSwapFeesIntent",
  resultKey: "claimSwapFeesResult",
  summary:
    "Pay the accrued swap fees to the fee receiver (one chain per claim); requestId is a send: follow it " +
    "with get_send_transaction_status",
  describe: () => "Claim the accrued swap fees",
  params: z.object({}),
  result: z.object({ requestId: z.string() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }) {
    const receiver = await feeReceiverOf(tx, organization.id);
    if (!receiver)
      throw invalid("this organization has no swap fee receiver: set one with upsert_swap_config");
    const places = await feePlaces(tx, organization.id, receiver);
    for (const { caip2, provider: name } of places) {
      const provider = providerNamed(name)!;
      const owed = await provider.accruedFees(await app.chains.rpc(caip2), receiver, FEE_TOKENS);
      const due = FEE_TOKENS.filter((t) => (owed.get(t) ?? 0n) > 0n);
      if (due.length === 0) continue;
      const requestId = await acceptSend(tx, now, {
        organizationId: organization.id,
        activityId,
        caip2,
        fromAddress: receiver,
        request: { from: receiver, caip2, calls: provider.claimCalls(receiver, due) },
      });
      afterCommit(() => app.jobWake.notify());
      return { requestId };
    }
    throw invalid(`no swap fees have accrued to ${receiver}`);
  },
});
