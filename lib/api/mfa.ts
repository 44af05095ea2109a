import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";

/** The reference's authentication types, every one of which a stamp can present (AUTHENTICATION_METHODS_CHECKED). */
export const AUTHENTICATION_TYPES = [
  "AUTHENTICATION_TYPE_EMAIL_OTP",
  "AUTHENTICATION_TYPE_SMS_OTP",
  "AUTHENTICATION_TYPE_PASSKEY",
  "AUTHENTICATION_TYPE_API_KEY",
  "AUTHENTICATION_TYPE_OAUTH",
  "AUTHENTICATION_TYPE_SESSION",
] as const;

/**
 * What a stamp proves: a passkey (X-Stamp-WebAuthn), an API key, or a session key (optionally of a
 * given session profile). A session key issued by otp_login after an e-mail or SMS code, or by
 * oauth_login, proves that login's method too (EMAIL_OTP, SMS_OTP, OAUTH) besides SESSION.
 */
export const AUTHENTICATION_METHODS_CHECKED = [
  "AUTHENTICATION_TYPE_PASSKEY",
  "AUTHENTICATION_TYPE_API_KEY",
  "AUTHENTICATION_TYPE_SESSION",
  "AUTHENTICATION_TYPE_EMAIL_OTP",
  "AUTHENTICATION_TYPE_SMS_OTP",
  "AUTHENTICATION_TYPE_OAUTH",
] as const;

/**
 * The methods an `id` cannot narrow: a login's session key is new at every login, and the
 * reference gives an `id` meaning only as an authenticator, key or session profile.
 */
export const LOGIN_METHODS = [
  "AUTHENTICATION_TYPE_EMAIL_OTP",
  "AUTHENTICATION_TYPE_SMS_OTP",
  "AUTHENTICATION_TYPE_OAUTH",
] as const;

export const ZAuthenticationMethod = z.object({
  type: z.enum(AUTHENTICATION_TYPES),
  id: z.string().max(128, "must be at most 128 characters").optional(),
});
export type TAuthenticationMethod = z.infer<typeof ZAuthenticationMethod>;

const ZCheckedMethod = z
  .object({
    type: z.enum(AUTHENTICATION_METHODS_CHECKED, {
      error: `must be one of ${AUTHENTICATION_METHODS_CHECKED.join(", ")}`,
    }),
    id: z.string().min(1).max(128, "must be at most 128 characters").optional(),
  })
  .superRefine((method, ctx) => {
    if (method.id !== undefined && (LOGIN_METHODS as readonly string[]).includes(method.type)) {
      ctx.addIssue({
        code: "custom",
        path: ["id"],
        message: `must not be given for ${method.type}: any session its login issued meets it (to require a session profile, use AUTHENTICATION_TYPE_SESSION with its id)`,
      });
    }
  });

export const ZRequiredAuthenticationMethod = z.object({
  any: z.array(ZCheckedMethod).min(1, "must name at least one method").max(8, "must be at most 8 methods"),
});
export type TRequiredAuthenticationMethod = z.infer<typeof ZRequiredAuthenticationMethod>;

const ZCondition = z.string().trim().min(1, "must not be empty").max(4096, "must be at most 4096 characters");
// int64 in the reference: JSON clients send a number, proto-JSON ones a decimal string.
const ZOrder = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,7}$/, "must be a non-negative integer")
      .transform(Number),
  ])
  .pipe(
    z
      .number()
      .int("must be an integer")
      .min(0, "must be at least 0")
      .max(1_000_000, "must be at most 1000000"),
  );
const ZNotes = z.string().max(1024, "must be at most 1024 characters");
const ZRequired = z
  .array(ZRequiredAuthenticationMethod)
  .min(1, "must name at least one step")
  .max(8, "must be at most 8 steps");

export const ZCreateMfaPolicyParams = z.object({
  userId: ZId,
  mfaPolicyName: ZName,
  condition: ZCondition,
  requiredAuthenticationMethods: ZRequired,
  order: ZOrder,
  notes: ZNotes.optional(),
});
export type TCreateMfaPolicyParams = z.infer<typeof ZCreateMfaPolicyParams>;

export const ZUpdateMfaPolicyParams = z.object({
  userId: ZId,
  mfaPolicyId: ZId,
  mfaPolicyName: ZName.optional(),
  condition: ZCondition.optional(),
  requiredAuthenticationMethods: ZRequired.optional(),
  order: ZOrder.optional(),
  notes: ZNotes.optional(),
});

export const ZDeleteMfaPolicyParams = z.object({ userId: ZId, mfaPolicyId: ZId });

export const ZMfaPolicy = z.object({
  mfaPolicyId: z.string(),
  mfaPolicyName: z.string(),
  condition: z.string(),
  requiredAuthenticationMethods: z.array(z.object({ any: z.array(ZAuthenticationMethod) })),
  order: z.number(),
  notes: z.string().optional(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TMfaPolicy = z.infer<typeof ZMfaPolicy>;

export const ZMfaStatus = z.object({
  mfaPolicyId: z.string(),
  userId: z.string(),
  satisfied: z.boolean(),
  satisfiedMethods: z.array(ZAuthenticationMethod),
  requiredMethods: z.array(z.object({ any: z.array(ZAuthenticationMethod) })),
});

export const ZGetMfaPolicyRequest = z.object({ organizationId: ZId, userId: ZId, mfaPolicyId: ZId });
export const ZGetMfaPoliciesRequest = z.object({ organizationId: ZId, userId: ZId });
export const ZGetMfaStatusRequest = z.object({
  organizationId: ZId,
  activityId: ZId,
  userId: ZId.optional(),
});
export const ZGetMfaPolicyResponse = z.object({ mfaPolicy: ZMfaPolicy });
export const ZGetMfaPoliciesResponse = z.object({ mfaPolicies: z.array(ZMfaPolicy) });
export const ZGetMfaStatusResponse = z.object({ mfaStatuses: z.array(ZMfaStatus) });
