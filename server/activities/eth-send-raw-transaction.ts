import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEthSendRawTransactionParams } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { decodeSignedEvmTransaction, type SignedEvmTransaction } from "../encoding/evm-signed-transaction";
import { InputError } from "../encoding/input-error";
import { acceptSend } from "../sends/records";
import { defineActivity } from "./define";

/** The bytes must be a signed transaction for the chain named: else a 400 naming signedTransaction. */
const ZParams = ZEthSendRawTransactionParams.superRefine((params, ctx) => {
  let decoded: SignedEvmTransaction;
  try {
    decoded = decodeSignedEvmTransaction(params.signedTransaction);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    ctx.addIssue({ code: "custom", path: ["signedTransaction"], message: error.message });
    return;
  }
  const expected = chainInfo(params.caip2)?.chainId;
  if (expected !== undefined && decoded.chainId !== expected) {
    ctx.addIssue({
      code: "custom",
      path: ["signedTransaction"],
      message: `is signed for chain id ${decoded.chainId}, but caip2 ${params.caip2} is chain id ${expected}`,
    });
  }
});

/**
 * eth_send_raw_transaction: broadcast a transaction anyone signed, and follow it like
 * eth_send_transaction (a row and a job; the job skips filling and signing). Policies see it as
 * sign_transaction's are seen: eth.tx decoded from the bytes, with `from` the recovered sender, and
 * the wallet account or private key when that sender is one of the organization's.
 */
export const ethSendRawTransaction = defineActivity({
  path: "eth_send_raw_transaction",
  type: ACTIVITY_TYPES.eth_send_raw_transaction,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  targets: (params) => {
    const { from } = decodeSignedEvmTransaction(params.signedTransaction);
    return {
      signWith: from,
      signs: {
        transactionType: "TRANSACTION_TYPE_ETHEREUM",
        unsignedTransaction: params.signedTransaction,
        from,
      },
    };
  },
  intentKey: "ethSendRawTransactionIntent",
  resultKey: "ethSendRawTransactionResult",
  summary:
    "Broadcast a signed EVM transaction (legacy with EIP-155, EIP-2930, EIP-1559, EIP-7702) to its chain " +
    "and follow it; the result carries its hash and a sendTransactionStatusId for get_send_transaction_status",
  describe: (p, n) => `Broadcast a signed transaction: ${n.signed ?? `on ${p.caip2}`}`,
  params: ZParams,
  // transactionHash is the reference's result; sendTransactionStatusId is Latchkey's addition, so
  // the broadcast can be followed with get_send_transaction_status.
  result: z.object({ transactionHash: z.string(), sendTransactionStatusId: z.string() }),
  async execute({ tx, organization, activityId, now }, params) {
    const decoded = decodeSignedEvmTransaction(params.signedTransaction);
    const sendTransactionStatusId = await acceptSend(tx, now, {
      organizationId: organization.id,
      activityId,
      caip2: chainInfo(params.caip2)!.caip2,
      fromAddress: decoded.from,
      request: params,
      signedTransaction: params.signedTransaction.toLowerCase(),
      txHash: decoded.hash,
    });
    return { transactionHash: decoded.hash, sendTransactionStatusId };
  },
});
