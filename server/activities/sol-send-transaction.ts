import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSolSendTransactionParams } from "@/lib/api/broadcast";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { ApiError, invalid } from "../errors";
import { acceptSend, SVM_SEND_JOB } from "../sends/records";
import { blockhashBytes, requiredSignersOf } from "../sends/svm-transaction";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";

/** Each signWith: a distinct ed25519 account or key of the organization that the message requires. */
async function checkSigners(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  signWiths: string[],
  required: string[],
): Promise<void> {
  for (const [i, address] of signWiths.entries()) {
    const field = `signWiths[${i}]`;
    if (signWiths.indexOf(address) !== i) throw invalid(`${address} is listed twice`, field);
    const signer = await resolveSigner(app, tx, organizationId, address).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "NOT_FOUND") {
        throw invalid(
          `${address} is not a wallet account or private key address of this organization`,
          field,
        );
      }
      throw error;
    });
    if (signer.curve !== "CURVE_ED25519") throw invalid(`${address} is not a Solana (ed25519) key`, field);
    if (!required.includes(address)) {
      throw invalid(`${address} is not a required signer of unsignedTransaction`, field);
    }
  }
}

/**
 * sol_send_transaction (V2): fill the signWiths' signature slots of a Solana transaction and
 * broadcast it. The activity checks and accepts it (a row and a job, in its own transaction); the
 * job sets the blockhash, signs, broadcasts and follows it (server/sends/svm-send.ts).
 */
export const solSendTransaction = defineActivity({
  path: "sol_send_transaction",
  type: ACTIVITY_TYPES.sol_send_transaction,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  targets: (params) => ({
    signWith: params.signWiths.length === 1 ? params.signWiths[0] : undefined,
    signWiths: params.signWiths,
    signs: { transactionType: "TRANSACTION_TYPE_SOLANA", unsignedTransaction: params.unsignedTransaction },
  }),
  intentKey: "solSendTransactionIntentV2",
  resultKey: "solSendTransactionResultV2",
  summary:
    "Sign a Solana transaction (legacy or v0, hex with zeroed signature slots) with 1 to 16 accounts or " +
    "keys of the organization and broadcast it. Follow it with get_send_transaction_status",
  params: ZSolSendTransactionParams,
  result: z.object({ sendTransactionStatusId: z.string() }),
  async execute({ app, tx, organization, activityId, now }, params) {
    const { signers: required, signed } = requiredSignersOf(params.unsignedTransaction);
    if (params.recentBlockhash) blockhashBytes(params.recentBlockhash);
    if (params.sponsor) {
      throw invalid("sponsored Solana sends are not available yet", "sponsor");
    }
    await checkSigners(app, tx, organization.id, params.signWiths, required);
    const unsigned = required.find((s, i) => !signed[i] && !params.signWiths.includes(s));
    if (unsigned) {
      throw invalid(
        `the message requires ${unsigned} to sign, which is not in signWiths and has no signature`,
        "signWiths",
      );
    }
    const sendTransactionStatusId = await acceptSend(
      tx,
      now,
      {
        organizationId: organization.id,
        activityId,
        caip2: params.caip2,
        fromAddress: required[0]!,
        request: params,
      },
      SVM_SEND_JOB,
    );
    return { sendTransactionStatusId };
  },
});
