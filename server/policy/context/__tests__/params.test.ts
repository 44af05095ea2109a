import { describe, expect, it } from "vitest";
import { ZCreateApiKeysParams } from "@/lib/api/credentials";
import { ZDeletePoliciesParams, ZDeletePolicyParams } from "@/lib/api/policies";
import {
  ZExportPrivateKeyParams,
  ZSignRawPayloadParams,
  ZSignRawPayloadsParams,
  ZSignTransactionParams,
} from "@/lib/api/private-keys";
import { ZStampLoginParams } from "@/lib/api/sessions";
import { ZDeleteUsersParams } from "@/lib/api/users";
import { ZCreateWalletParams, ZExportWalletAccountParams, ZUpdateWalletParams } from "@/lib/api/wallets";
import { activityByType } from "@/server/activities";
import { conformanceProblems } from "../conforms";
import { integerParam, paramsOf, textParam } from "../params";
import { ACTIVITY_PARAMS } from "../schema";

const TARGET = `04${"ab".repeat(64)}`;
const ID = "0194c7a2-0000-7000-8000-000000000001";

/** Params built the way the pipeline has them: through the activity's own zod schema. */
const cases: [string, unknown, Record<string, unknown>][] = [
  [
    "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    ZSignRawPayloadParams.parse({
      signWith: "0xabc",
      payload: "00",
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_KECCAK256",
    }),
    { hash_function: "HASH_FUNCTION_KECCAK256", encoding: "PAYLOAD_ENCODING_HEXADECIMAL" },
  ],
  [
    "ACTIVITY_TYPE_SIGN_RAW_PAYLOADS",
    ZSignRawPayloadsParams.parse({
      signWith: "0xabc",
      payloads: ["{}"],
      encoding: "PAYLOAD_ENCODING_EIP712",
      hashFunction: "HASH_FUNCTION_NO_OP",
    }),
    { hash_function: "HASH_FUNCTION_NO_OP", encoding: "PAYLOAD_ENCODING_EIP712" },
  ],
  [
    "ACTIVITY_TYPE_SIGN_TRANSACTION_V2",
    ZSignTransactionParams.parse({
      signWith: "0xabc",
      unsignedTransaction: "0x02",
      type: "TRANSACTION_TYPE_SOLANA",
    }),
    { type: "TRANSACTION_TYPE_SOLANA" },
  ],
  ["ACTIVITY_TYPE_DELETE_USERS", ZDeleteUsersParams.parse({ userIds: [ID] }), { user_ids: [ID] }],
  [
    "ACTIVITY_TYPE_CREATE_API_KEYS_V2",
    ZCreateApiKeysParams.parse({
      userId: ID,
      apiKeys: [{ apiKeyName: "ci", publicKey: `02${"cd".repeat(32)}`, curveType: "API_KEY_CURVE_P256" }],
    }),
    { user_id: ID },
  ],
  [
    "ACTIVITY_TYPE_EXPORT_PRIVATE_KEY",
    ZExportPrivateKeyParams.parse({ privateKeyId: ID, targetPublicKey: TARGET }),
    { target_public_key: TARGET },
  ],
  [
    "ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT",
    ZExportWalletAccountParams.parse({ address: "0xabc", targetPublicKey: TARGET }),
    { target_public_key: TARGET },
  ],
  [
    "ACTIVITY_TYPE_UPDATE_WALLET",
    ZUpdateWalletParams.parse({ walletId: ID, walletName: "cold" }),
    { wallet_id: ID },
  ],
  ["ACTIVITY_TYPE_DELETE_POLICY", ZDeletePolicyParams.parse({ policyId: ID }), { policy_id: ID }],
  ["ACTIVITY_TYPE_DELETE_POLICIES", ZDeletePoliciesParams.parse({ policyIds: [ID] }), { policy_ids: [ID] }],
  [
    "ACTIVITY_TYPE_STAMP_LOGIN",
    ZStampLoginParams.parse({ publicKey: `02${"ef".repeat(32)}`, sessionProfileId: "profile-1" }),
    { session_profile_id: "profile-1" },
  ],
  // Most activities expose nothing: policies see an empty params struct.
  ["ACTIVITY_TYPE_CREATE_WALLET", ZCreateWalletParams.parse({ walletName: "hot", accounts: [] }), {}],
];

/** What the activity of this type declares to policies. */
const declared = (type: string) => activityByType(type)?.policyParams ?? [];

describe("activity.params", () => {
  it.each(cases)("%s exposes what the reference lists, in snake_case", (type, params, expected) => {
    const value = paramsOf(declared(type), params);
    expect(value).toEqual(expected);
    expect(conformanceProblems(value, ACTIVITY_PARAMS)).toEqual([]);
  });

  it("exposes nothing else (other parameters stay unreadable)", () => {
    const value = paramsOf(
      declared("ACTIVITY_TYPE_SIGN_TRANSACTION_V2"),
      ZSignTransactionParams.parse({
        signWith: "0xabc",
        unsignedTransaction: "0x02",
        type: "TRANSACTION_TYPE_ETHEREUM",
      }),
    ) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(["type"]);
    expect(value.unsignedTransaction).toBeUndefined();
    expect(value.sign_with).toBeUndefined();
  });

  it("leaves an optional parameter the request did not send absent", () => {
    expect(
      paramsOf(
        declared("ACTIVITY_TYPE_STAMP_LOGIN"),
        ZStampLoginParams.parse({ publicKey: `03${"01".repeat(32)}` }),
      ),
    ).toEqual({});
  });

  it("reads each declared field by its kind, and nothing of the wrong kind", () => {
    const fields = [integerParam("otp_length", "otpLength"), textParam("name", "name")];
    expect(paramsOf(fields, { otpLength: 6, name: "hook" })).toEqual({ otp_length: 6n, name: "hook" });
    expect(paramsOf(fields, { otpLength: "7", name: 3 })).toEqual({ otp_length: 7n });
    expect(paramsOf(fields, { otpLength: 6.5, extra: "x" })).toEqual({});
  });
});
