import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEthSendTransactionParams } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { invalid } from "../errors";
import { describeEvmSend } from "../sends/evm-transaction";
import { acceptSend } from "../sends/records";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";

/**
 * eth_send_transaction (V2): sign a call with an account of the organization and broadcast it. The
 * activity only accepts it (a row and a job, in its own transaction); the job fills nonce, gas and
 * fees, signs, broadcasts and follows it (server/sends/evm-send.ts). get_send_transaction_status says
 * where it stands.
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
      unsignedTransaction: describeEvmSend(chainInfo(params.caip2)?.chainId ?? 0, params),
    },
  }),
  intentKey: "ethSendTransactionIntentV2",
  resultKey: "ethSendTransactionResultV2",
  summary:
    "Sign and broadcast an EVM call from a wallet account or private key address; nonce, gas and fees " +
    "are filled from the chain when omitted. Follow it with get_send_transaction_status",
  params: ZEthSendTransactionParams,
  result: z.object({ sendTransactionStatusId: z.string() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
    if (params.sponsor) {
      throw invalid(
        "sponsored sends need the organization's gas station, which is not available yet",
        "sponsor",
      );
    }
    if (params.calls.length > 1) {
      throw invalid(
        "several calls are sent as an EIP-7702 batch through a gas station, which is not available yet; send one call",
        "calls",
      );
    }
    const signer = await resolveSigner(app, tx, organization.id, params.from);
    if (signer.curve !== "CURVE_SECP256K1") {
      throw invalid(`${params.from} is not an Ethereum (secp256k1) account`, "from");
    }
    const sendTransactionStatusId = await acceptSend(tx, now, {
      organizationId: organization.id,
      activityId,
      caip2: chainInfo(params.caip2)!.caip2,
      fromAddress: params.from,
      request: params,
    });
    // The worker cannot see the job before this transaction commits: nudge it then, not now.
    afterCommit(() => app.jobWake.notify());
    return { sendTransactionStatusId };
  },
});
