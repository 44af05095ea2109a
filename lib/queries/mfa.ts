"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ZName } from "@/lib/api/common";
import { AUTHENTICATION_METHODS_CHECKED } from "@/lib/api/mfa";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query key of the signed-in user's MFA policies. */
export const MFA_POLICIES = "mfa-policies";

export function useMfaPolicies() {
  const session = useSession();
  return useQuery({
    queryKey: [MFA_POLICIES, session.userId],
    queryFn: async () => (await query(session, "get_mfa_policies", { userId: session.userId })).mfaPolicies,
  });
}

/** The form: one further step of one method type; the server's schema checks the rest. */
export const ZMfaPolicyForm = z
  .object({
    mfaPolicyName: ZName,
    condition: z.string().trim().min(1, "must not be empty"),
    method: z.enum(AUTHENTICATION_METHODS_CHECKED),
    order: z.string().regex(/^\d{1,7}$/, "must be a whole number from 0"),
  })
  .transform(({ method, order, ...rest }) => ({
    ...rest,
    order: Number(order),
    requiredAuthenticationMethods: [{ any: [{ type: method }] }],
  }));
export type TMfaPolicyForm = z.output<typeof ZMfaPolicyForm>;

export const METHOD_LABELS: Record<(typeof AUTHENTICATION_METHODS_CHECKED)[number], string> = {
  AUTHENTICATION_TYPE_PASSKEY: "A passkey",
  AUTHENTICATION_TYPE_API_KEY: "An API key",
  AUTHENTICATION_TYPE_SESSION: "A session",
  AUTHENTICATION_TYPE_EMAIL_OTP: "A session from an e-mail code",
  AUTHENTICATION_TYPE_SMS_OTP: "A session from an SMS code",
  AUTHENTICATION_TYPE_OAUTH: "A session from a social login (OIDC)",
};

export function useCreateMfaPolicy() {
  const session = useSession();
  return useActivityMutation<TMfaPolicyForm>(
    "create_mfa_policy",
    (params) => ({ ...params, userId: session.userId }),
    [MFA_POLICIES],
  );
}

export function useDeleteMfaPolicy() {
  const session = useSession();
  return useActivityMutation<string>(
    "delete_mfa_policy",
    (mfaPolicyId) => ({ mfaPolicyId, userId: session.userId }),
    [MFA_POLICIES],
  );
}
