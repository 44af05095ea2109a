import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEthSendTransactionParams } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { invalid } from "../errors";
import { assertSponsorBudget, requireSponsor } from "../gas-station/sponsor";
import { describeEvmCalls } from "../sends/evm-transaction";
import { acceptSend } from "../sends/records";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";
import { count } from "./summary-text";

/**
 * eth_send_transaction (V2): sign calls with an account of the organization and broadcast them — one
 * call as EIP-1559, several as an EIP-7702 batch, and with `sponsor` through the gas station, which
 * pays. The activity only accepts it (a row and a job, in its own transaction); the job fills, signs,
 * broadcasts and follows it (server/sends/evm-send.ts). get_send_transaction_status says where it stands.
 */
export const ethSendTransaction = defineActivity({
  path: "eth_send_transaction",
  type: ACTIVITY_TYPES.eth_send_transaction,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  targets: (params) => ({
    signWith: params.from,
    signs: {
      transactionType: "TRANSACTION_TYPE_ETHEREUM",
      unsignedTransactions: describeEvmCalls(chainInfo(params.caip2)?.chainId ?? 0, params),
    },
  }),
  intentKey: "ethSendTransactionIntentV2",
  resultKey: "ethSendTransactionResultV2",
  summary:
    "Sign and broadcast EVM calls from a wallet account or private key address (several as an EIP-7702 " +
    "batch, sponsor: true paid by the gas station); nonce, gas and fees are filled from the chain when " +
    "omitted. Follow it with get_send_transaction_status",
  describe: (p, n) =>
    `${n.signed ?? `Send ${count(p.calls.length, "call")} on ${p.caip2}`} from ${n.signer(p.from)}${p.sponsor ? ", gas sponsored" : ""}`,
  params: ZEthSendTransactionParams,
  result: z.object({ sendTransactionStatusId: z.string() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
    const signer = await resolveSigner(app, tx, organization.id, params.from);
    if (signer.curve !== "CURVE_SECP256K1") {
      throw invalid(`${params.from} is not an Ethereum (secp256k1) account`, "from");
    }
    // Refused now if nobody would pay or the budget is spent; checked again, at the highest fee the
    // transaction can pay, just before the gas station signs.
    const sponsor = params.sponsor ? await requireSponsor(tx, organization.id, "evm") : undefined;
    if (sponsor) await assertSponsorBudget(tx, now, sponsor, organization.id);
    const sendTransactionStatusId = await acceptSend(tx, now, {
      organizationId: organization.id,
      activityId,
      caip2: chainInfo(params.caip2)!.caip2,
      fromAddress: params.from,
      request: params,
      sponsorOrganizationId: sponsor?.sponsorOrganizationId,
    });
    // The worker cannot see the job before this transaction commits: nudge it then, not now.
    afterCommit(() => app.jobWake.notify());
    return { sendTransactionStatusId };
  },
});
