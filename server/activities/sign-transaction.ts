import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSignTransactionParams } from "@/lib/api/private-keys";
import { invalid } from "../errors";
import { textParam } from "../policy/context/params";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";

const CURVE_OF = {
  TRANSACTION_TYPE_ETHEREUM: "CURVE_SECP256K1",
  TRANSACTION_TYPE_SOLANA: "CURVE_ED25519",
} as const;

export const signTransaction = defineActivity({
  path: "sign_transaction",
  type: ACTIVITY_TYPES.sign_transaction,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  policyParams: [textParam("type", "type")],
  targets: (params) => ({
    signWith: params.signWith,
    signs: { transactionType: params.type, unsignedTransaction: params.unsignedTransaction },
  }),
  intentKey: "signTransactionIntentV2",
  resultKey: "signTransactionResult",
  summary:
    "Sign an Ethereum (legacy, EIP-2930, EIP-1559, EIP-7702) or Solana (legacy, v0) transaction given as " +
    "unsigned hex; returns the signed transaction",
  describe: (p, n) =>
    `${n.signed ?? `Sign a ${p.type === "TRANSACTION_TYPE_SOLANA" ? "Solana" : "Ethereum"} transaction`} (sign only, with ${n.signer(p.signWith)})`,
  params: ZSignTransactionParams,
  result: z.object({ signedTransaction: z.string() }),
  recordedAfterExecution: true,
  async execute({ app, tx, organization }, params) {
    const signer = await resolveSigner(app, tx, organization.id, params.signWith);
    const needed = CURVE_OF[params.type];
    if (signer.curve !== needed) {
      throw invalid(
        `${params.type} needs a ${needed} key; ${params.signWith} is ${signer.curve}`,
        "signWith",
      );
    }
    const signedTransaction = await signer.key.signTransaction(params.type, params.unsignedTransaction);
    return { signedTransaction };
  },
});
