import { ZGetMfaPoliciesRequest, ZGetMfaPolicyRequest } from "@/lib/api/mfa";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { listMfaPolicies, renderMfaPolicy, requireMfaPolicy } from "../mfa/policies";
import { defineQuery } from "./define";

export const getMfaPolicies = defineQuery({
  path: "get_mfa_policies",
  summary: "A user's MFA policies, in evaluation order",
  request: ZGetMfaPoliciesRequest,
  response: QUERY_RESPONSES.get_mfa_policies,
  run: async ({ app, organization }, request) => ({
    mfaPolicies: (await listMfaPolicies(app.db, organization.id, request.userId)).map(renderMfaPolicy),
  }),
});

export const getMfaPolicy = defineQuery({
  path: "get_mfa_policy",
  summary: "One MFA policy of a user",
  request: ZGetMfaPolicyRequest,
  response: QUERY_RESPONSES.get_mfa_policy,
  run: async ({ app, organization }, request) => ({
    mfaPolicy: renderMfaPolicy(
      await requireMfaPolicy(app.db, organization.id, request.userId, request.mfaPolicyId),
    ),
  }),
});
