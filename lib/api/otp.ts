import { z } from "zod";
import { ZPagination } from "./common";
import { ZClientSignature, ZSessionSeconds, ZUncompressedP256 } from "./sessions";
import { ZEmail } from "./users";

/** A number of seconds carried as a string, within [min, max]; the message names the bounds. */
const secondsBetween = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "must be a number of seconds as a string")
    .refine((v) => Number(v) >= min && Number(v) <= max, `must be between ${min} and ${max} seconds`);

const ZHttpsUrl = z
  .string()
  .max(2048)
  .refine((v) => /^https?:\/\/[^\s"'<>]+$/.test(v), "must be an http(s) URL without spaces or quotes");

/** Shown in a subject line and a greeting: printable text only, so no header can be injected. */
export const ZAppName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "must be at most 100 characters")
  .refine((v) => !/\p{Cc}/u.test(v), "must not contain control characters (line breaks included)");

export const ZEmailCustomization = z.object({
  logoUrl: ZHttpsUrl.optional(),
  magicLinkTemplate: ZHttpsUrl.refine(
    (v) => v.split("%s").length === 2,
    "must contain %s exactly once",
  ).optional(),
  /** Variables for custom templates; Latchkey's one template uses none, but they must be a JSON object. */
  templateVariables: z
    .string()
    .max(8192)
    .refine((v) => {
      try {
        const parsed = JSON.parse(v);
        return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed);
      } catch {
        return false;
      }
    }, "must be a JSON object")
    .optional(),
  templateId: z.string().optional(),
});

export const ZInitOtpParams = z.object({
  otpType: z.enum(["OTP_TYPE_EMAIL", "OTP_TYPE_SMS"]),
  contact: z.string().trim().min(1, "must not be empty").max(320),
  appName: ZAppName,
  otpLength: z.number().int().min(6, "must be between 6 and 9").max(9, "must be between 6 and 9").optional(),
  emailCustomization: ZEmailCustomization.optional(),
  smsCustomization: z
    .object({
      /** The reference's template: the text with {{.OtpCode}} where the code goes. */
      template: z
        .string()
        .max(1024)
        .refine((v) => v.split("{{.OtpCode}}").length === 2, "must contain {{.OtpCode}} exactly once")
        .optional(),
    })
    .optional(),
  userIdentifier: z.string().max(256).optional(),
  sendFromEmailAddress: ZEmail.optional(),
  alphanumeric: z.boolean().optional(),
  sendFromEmailSenderName: ZAppName.optional(),
  /** Validity of the code: default 300 s, at most 600 s. */
  expirationSeconds: secondsBetween(30, 600).optional(),
  replyToEmailAddress: ZEmail.optional(),
});

export const ZVerifyOtpParams = z.object({
  otpId: z.string().min(1).max(128),
  encryptedOtpBundle: z.string().min(1).max(8192),
  /** Validity of the verification token: default 3600 s, at most 86400 s. */
  expirationSeconds: secondsBetween(1, 86_400).optional(),
});

export const ZOtpLoginParams = z.object({
  verificationToken: z.string().min(1).max(4096),
  publicKey: z
    .string()
    .regex(/^0[23][0-9a-fA-F]{64}$/, "must be a compressed P-256 public key (66 hex characters)"),
  clientSignature: ZClientSignature,
  /** Validity of the session: default LATCHKEY_SESSION_SECONDS (900). */
  expirationSeconds: secondsBetween(60, 30 * 24 * 3600).optional(),
  invalidateExisting: z.boolean().optional(),
  sessionProfileId: z.string().optional(),
});

export const ZListEmailEventsRequest = z.object({
  organizationId: z.string().min(1),
  email: z.string().min(1).max(320),
  eventType: z.enum(["Send", "Delivery", "DeliveryDelay", "Bounce"]).optional(),
  paginationOptions: ZPagination,
});

export const ZEmailEvent = z.object({
  id: z.string(),
  organizationId: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  timestamp: z.string(),
  createdAt: z.string(),
  details: z.object({
    deliverySmtpResponse: z.string().optional(),
    diagnosticCode: z.string().optional(),
    deliveryDelayType: z.string().optional(),
    bounceType: z.string().optional(),
  }),
});
export const ZListEmailEventsResponse = z.object({ emailEvents: z.array(ZEmailEvent) });

/** One message of the organization's outbox (list_outbox_messages, a Latchkey extension). */
export const ZOutboxMessage = z.object({
  id: z.string(),
  /** EMAIL, or SMS (toAddress is then a phone number). */
  channel: z.enum(["EMAIL", "SMS"]),
  purpose: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(["QUEUED", "SENT", "FAILED"]),
  attempts: z.number(),
  lastError: z.string().optional(),
  createdAt: z.string(),
  sentAt: z.string().optional(),
  /** The text the embedded SMTP sink or the local SMS sink received; absent with a real relay or provider. */
  receivedText: z.string().optional(),
  /** A one-time code's message: until when resend_outbox_message may send it again (its flow's expiry). */
  resendableUntil: z.string().optional(),
  /** How often it was resent. */
  resends: z.number().optional(),
});
/** resend_outbox_message (Latchkey extension): deliver a code's message again, while its flow is open. */
export const ZResendOutboxMessageParams = z.object({ messageId: z.string().min(1).max(128) });
export const ZListOutboxMessagesRequest = z.object({
  organizationId: z.string().min(1),
  paginationOptions: ZPagination,
});
export const ZListOutboxMessagesResponse = z.object({ messages: z.array(ZOutboxMessage) });
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

/** otp_auth: the code in the clear, and the key the new credential is encrypted to. */
export const ZOtpAuthParams = z.object({
  otpId: z.string().min(1).max(128),
  otpCode: z.string().trim().min(1).max(32),
  targetPublicKey: ZUncompressedP256,
  apiKeyName: z.string().trim().min(1).max(256).optional(),
  /** Validity of the new API key: default LATCHKEY_SESSION_SECONDS (900). */
  expirationSeconds: ZSessionSeconds.optional(),
  invalidateExisting: z.boolean().optional(),
});
