import { z } from "zod";
import { ZId, ZName, ZTimestamp } from "./common";
import {
  ZApiKey,
  ZApiKeyParams,
  ZAuthenticator,
  ZAuthenticatorParams,
  ZOauthProviderParams,
} from "./credentials";

/** E.164: a plus sign, a non-zero country digit, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{1,14}$/;
export const ZEmail = z.email("must be an email address").max(320);
export const ZPhoneNumber = z.string().regex(E164, "must be an E.164 phone number such as +14155550123");

export const ZUserParams = z.object({
  userName: ZName,
  userEmail: ZEmail.optional(),
  userPhoneNumber: ZPhoneNumber.optional(),
  apiKeys: z.array(ZApiKeyParams).max(100).default([]),
  authenticators: z.array(ZAuthenticatorParams).max(20).default([]),
  oauthProviders: z.array(ZOauthProviderParams).max(20).default([]),
  userTags: z.array(ZId).max(100).default([]),
});
export type TUserParams = z.infer<typeof ZUserParams>;

/**
 * Per-activity caps on the credentials created with users (README: "Limits"). Each array is capped
 * on its own too, but 100 users × 100 keys would be 10,000 rows in one transaction that every other
 * request waits behind; passkey attestations cost a verification each.
 */
export const MAX_API_KEYS_PER_ACTIVITY = 1000;
export const MAX_AUTHENTICATORS_PER_ACTIVITY = 100;

/** An array of users whose credentials together stay within the per-activity caps. */
export function usersWithinCaps<T extends z.ZodType<{ apiKeys: unknown[]; authenticators: unknown[] }>>(
  user: T,
) {
  return z
    .array(user)
    .min(1, "must name at least one user")
    .max(100)
    .superRefine((users, ctx) => {
      const count = (of: "apiKeys" | "authenticators") => users.reduce((n, u) => n + u[of].length, 0);
      const caps = [
        ["apiKeys", "API keys", MAX_API_KEYS_PER_ACTIVITY],
        ["authenticators", "authenticators", MAX_AUTHENTICATORS_PER_ACTIVITY],
      ] as const;
      for (const [of, noun, cap] of caps) {
        const total = count(of);
        if (total > cap) {
          ctx.addIssue({
            code: "custom",
            message: `may create at most ${cap} ${noun} in one activity across all users (this has ${total}); split it`,
          });
        }
      }
    });
}

export const ZCreateUsersParams = z.object({ users: usersWithinCaps(ZUserParams) });
export const ZDeleteUsersParams = z.object({ userIds: z.array(ZId).min(1).max(100) });
export const ZUpdateUserParams = z.object({
  userId: ZId,
  userName: ZName.optional(),
  userEmail: z.union([ZEmail, z.literal("")]).optional(),
  userTagIds: z.array(ZId).max(100).optional(),
  userPhoneNumber: z.union([ZPhoneNumber, z.literal("")]).optional(),
});
export const ZUpdateUserNameParams = z.object({ userId: ZId, userName: ZName });
export const ZUpdateUserEmailParams = z.object({
  userId: ZId,
  userEmail: z.union([ZEmail, z.literal("")]),
  verificationToken: z.string().optional(),
});
export const ZUpdateUserPhoneNumberParams = z.object({
  userId: ZId,
  /** An empty string removes the number. */
  userPhoneNumber: z.union([ZPhoneNumber, z.literal("")]),
  verificationToken: z.string().optional(),
});

export const ZUser = z.object({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string().optional(),
  userPhoneNumber: z.string().optional(),
  authenticators: z.array(ZAuthenticator),
  apiKeys: z.array(ZApiKey),
  userTags: z.array(z.string()),
  oauthProviders: z.array(z.unknown()),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
  mfaPolicies: z.array(z.unknown()),
});
export type TUser = z.infer<typeof ZUser>;

/** search_users (a Latchkey extension): support finds users by part of an e-mail address or phone number. */
export const ZSearchUsersRequest = z.object({
  organizationId: z.string().min(1),
  /** Part of an e-mail address (any case) or of a phone number (digits; spaces and dashes ignored); empty lists everyone. */
  contact: z.string().trim().max(320).optional(),
});
export const ZUserContacts = z.object({
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string().optional(),
  /** A verification token proved the e-mail address (otp_login, update_user_email with a token). */
  userEmailVerified: z.boolean(),
  userPhoneNumber: z.string().optional(),
  userPhoneNumberVerified: z.boolean(),
});
export const ZSearchUsersResponse = z.object({ users: z.array(ZUserContacts) });
export type TUserContacts = z.infer<typeof ZUserContacts>;
