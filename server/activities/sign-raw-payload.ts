import { ZSignature, ZSignRawPayloadParams } from "@/lib/api/private-keys";
import { signRawPayload as sign } from "../signer/signing/raw-payload";
import { resolveSigner } from "../signing/resolve-signer";
import { defineActivity } from "./define";

export const signRawPayload = defineActivity({
  path: "sign_raw_payload",
  type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
  intentKey: "signRawPayloadIntentV2",
  resultKey: "signRawPayloadResult",
  summary: "Sign one payload with a wallet account or private key; returns {r, s, v}",
  params: ZSignRawPayloadParams,
  result: ZSignature,
  async execute({ app, tx, organization }, params) {
    const signer = await resolveSigner(app, tx, organization.id, params.signWith);
    return signer.use((pair) => sign(pair, params.payload, params.encoding, params.hashFunction));
  },
});
