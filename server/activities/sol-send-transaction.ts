import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSolSendTransactionParams } from "@/lib/api/broadcast";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { ApiError, invalid } from "../errors";
import { assertSponsorBudget, requireSponsor } from "../gas-station/sponsor";
import { acceptSend, SVM_SEND_JOB } from "../sends/records";
import { blockhashBytes, instructionUsingFeePayer, requiredSignersOf } from "../sends/svm-transaction";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";
import { nameList } from "./summary-text";

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
 * A sponsored message's fee payer — its first account key — must be the gas station of the
 * organization's sponsor; `signWiths` lists the other required signers in transaction order (the
 * gas station may lead it). Latchkey signs for the gas station in the sponsor's organization, so no
 * instruction may name it: its signature would let the caller move the station's own funds.
 */
async function sponsoredFeePayer(
  tx: Tx,
  now: Date,
  organizationId: string,
  signWiths: string[],
  required: string[],
  unsignedTransaction: string,
): Promise<{ sponsorOrganizationId: string; gasStation: string }> {
  const sponsor = await requireSponsor(tx, organizationId, "svm");
  if (required[0] !== sponsor.address) {
    throw invalid(
      `a sponsored transaction's fee payer (its first account key) must be the gas station ${sponsor.address}; it is ${required[0]}`,
      "unsignedTransaction",
    );
  }
  const drawing = instructionUsingFeePayer(unsignedTransaction);
  if (drawing !== undefined) {
    throw invalid(
      `a sponsored transaction may use the gas station ${sponsor.address} only as its fee payer; instruction ${drawing} lists it as an account`,
      "unsignedTransaction",
    );
  }
  const others = signWiths[0] === sponsor.address ? signWiths.slice(1) : signWiths;
  if (others.join() !== required.slice(1).join()) {
    throw invalid(
      `a sponsored transaction's signWiths must list its required signers after the gas station, in transaction order: ${required.slice(1).join(", ")}`,
      "signWiths",
    );
  }
  await assertSponsorBudget(tx, now, sponsor, organizationId);
  return { sponsorOrganizationId: sponsor.sponsorOrganizationId, gasStation: sponsor.address };
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
  describe: (p, n) =>
    `${n.signed ?? "Send a Solana transaction"}, signed by ${nameList(p.signWiths.map(n.signer))}${p.sponsor ? ", fee sponsored" : ""}`,
  params: ZSolSendTransactionParams,
  result: z.object({ sendTransactionStatusId: z.string() }),
  async execute({ app, tx, organization, activityId, now }, params) {
    const { signers: required, signed } = requiredSignersOf(params.unsignedTransaction);
    if (params.recentBlockhash) blockhashBytes(params.recentBlockhash);
    const sponsorship = params.sponsor
      ? await sponsoredFeePayer(
          tx,
          now,
          organization.id,
          params.signWiths,
          required,
          params.unsignedTransaction,
        )
      : undefined;
    const signWiths = sponsorship
      ? params.signWiths.filter((s) => s !== sponsorship.gasStation)
      : params.signWiths;
    await checkSigners(app, tx, organization.id, signWiths, required);
    const unsigned = required.find(
      (s, i) => !signed[i] && !signWiths.includes(s) && s !== sponsorship?.gasStation,
    );
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
        fromAddress: signWiths[0] ?? required[0]!,
        request: { ...params, signWiths, ...(sponsorship ? { sponsorship } : {}) },
      },
      SVM_SEND_JOB,
    );
    return { sendTransactionStatusId };
  },
});
