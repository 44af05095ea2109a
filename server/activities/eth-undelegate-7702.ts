import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEthUndelegate7702Params } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { invalid } from "../errors";
import { acceptSend } from "../sends/records";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";

/**
 * eth_undelegate_7702: clear an account's EIP-7702 delegation with a type-4 transaction from the
 * account carrying an authorization to address(0), paid by the account. Accepted here, sent and
 * followed by the same job as eth_send_transaction.
 */
export const ethUndelegate7702 = defineActivity({
  path: "eth_undelegate_7702",
  type: ACTIVITY_TYPES.eth_undelegate_7702,
  // @turnkey/sdk-server 8.2.1 sends the type without its last underscore.
  alsoAccepts: ["ACTIVITY_TYPE_ETH_UNDELEGATE7702"],
  resource: "PRIVATE_KEY",
  action: "SIGN",
  targets: (params) => ({ signWith: params.from }),
  intentKey: "ethUndelegate7702Intent",
  resultKey: "ethUndelegate7702Result",
  describe: (p, n) => `Remove the EIP-7702 delegation of ${n.signer(p.from)} on ${p.caip2}`,
  summary:
    "Clear an EVM account's EIP-7702 delegation (an authorization to address 0, paid by the account). " +
    "Follow it with get_send_transaction_status",
  params: ZEthUndelegate7702Params,
  result: z.object({ sendTransactionStatusId: z.string() }),
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
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
      kind: "UNDELEGATE",
    });
    // The worker cannot see the job before this transaction commits: nudge it then, not now.
    afterCommit(() => app.jobWake.notify());
    return { sendTransactionStatusId };
  },
});
