import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZSignature, ZSignRawPayloadParams } from "@/lib/api/private-keys";
import { SIGN_RAW_PARAMS } from "../policy/context/params";
import { resolveSigner } from "../sign-with/resolve-signer";
import { defineActivity } from "./define";

export const signRawPayload = defineActivity({
  path: "sign_raw_payload",
  type: ACTIVITY_TYPES.sign_raw_payload,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  policyParams: SIGN_RAW_PARAMS,
  targets: (params) => ({
    signWith: params.signWith,
    signs: { encoding: params.encoding, payloads: [params.payload] },
  }),
  intentKey: "signRawPayloadIntentV2",
  resultKey: "signRawPayloadResult",
  summary: "Sign one payload with a wallet account or private key; returns {r, s, v}",
  describe: (p, n) => `${n.signed ?? "Sign a payload"} with ${n.signer(p.signWith)}`,
  params: ZSignRawPayloadParams,
  result: ZSignature,
  recordedAfterExecution: true,
  async execute({ app, tx, organization }, params) {
    const signer = await resolveSigner(app, tx, organization.id, params.signWith);
    const [signature] = await signer.key.signRawPayloads(
      [params.payload],
      params.encoding,
      params.hashFunction,
    );
    return signature!;
  },
});
