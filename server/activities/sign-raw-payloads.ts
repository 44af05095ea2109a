import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSignature, ZSignRawPayloadsParams } from "@/lib/api/private-keys";
import { SIGN_RAW_PARAMS } from "../policy/context/params";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";
import { count } from "./summary-text";

export const signRawPayloads = defineActivity({
  path: "sign_raw_payloads",
  type: ACTIVITY_TYPES.sign_raw_payloads,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  policyParams: SIGN_RAW_PARAMS,
  targets: (params) => ({
    signWith: params.signWith,
    signs: { encoding: params.encoding, payloads: params.payloads },
  }),
  intentKey: "signRawPayloadsIntent",
  resultKey: "signRawPayloadsResult",
  summary: "Sign several payloads with one wallet account or private key; signatures in payload order",
  describe: (p, n) =>
    `Sign ${count(p.payloads.length, "payload")} with ${n.signer(p.signWith)}${n.signed ? `: ${n.signed}` : ""}`,
  params: ZSignRawPayloadsParams,
  result: z.object({ signatures: z.array(ZSignature) }),
  recordedAfterExecution: true,
  async execute({ app, tx, organization }, params) {
    const signer = await resolveSigner(app, tx, organization.id, params.signWith);
    const signatures = await signer.key.signRawPayloads(
      params.payloads,
      params.encoding,
      params.hashFunction,
    );
    return { signatures };
  },
});
