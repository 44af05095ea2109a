import type { z } from "zod";
import type { ZInitOtpParams } from "@/lib/api/otp";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { OrganizationRow } from "../db/schema";
import { invalid } from "../errors";
import { requireFeature } from "../organizations/features";
import { normalizeContact, OTP_FEATURE } from "./contacts";
import type { OtpPurpose } from "./flows";
import { sendEmailCode } from "./send-email-code";
import { sendSmsCode } from "./send-sms-code";

const DEFAULT_SECONDS = 300;
const DEFAULT_LENGTH = 9;

function sender(name: string | undefined, address: string): string {
  return `"${(name ?? "Notifications").replace(/["\\]/g, "")}" <${address}>`;
}

/**
 * What init_otp and init_otp_auth share: check the contact and its feature, then e-mail or text a
 * fresh code through the outbox (the caller nudges the delivery worker after its commit).
 */
export async function startCodeFlow(
  app: AppContext,
  tx: Tx,
  organization: OrganizationRow,
  params: z.infer<typeof ZInitOtpParams>,
  purpose: OtpPurpose,
  now: Date,
): Promise<{ otpId: string; otpEncryptionTargetBundle: string }> {
  const contact = normalizeContact(params.otpType, params.contact);
  const feature = OTP_FEATURE[params.otpType];
  await requireFeature(tx, organization.id, feature.name, feature.product);
  const seconds = params.expirationSeconds ? Number(params.expirationSeconds) : DEFAULT_SECONDS;
  const length = params.otpLength ?? DEFAULT_LENGTH;
  const alphanumeric = params.alphanumeric ?? true;
  if (params.otpType === "OTP_TYPE_SMS") {
    const started = await sendSmsCode(app, tx, {
      organizationId: organization.id,
      contact,
      appName: params.appName,
      length,
      alphanumeric,
      seconds,
      template: params.smsCustomization?.template,
      purpose,
      now,
    });
    return started;
  }
  if (params.emailCustomization?.templateId) {
    throw invalid(
      "custom e-mail templates are not supported; omit templateId (appName, logoUrl and magicLinkTemplate customize the default one)",
      "parameters.emailCustomization.templateId",
    );
  }
  return sendEmailCode(app, tx, {
    organizationId: organization.id,
    contact,
    appName: params.appName,
    length,
    alphanumeric,
    seconds,
    purpose,
    from: params.sendFromEmailAddress
      ? sender(params.sendFromEmailSenderName, params.sendFromEmailAddress)
      : undefined,
    replyTo: params.replyToEmailAddress,
    logoUrl: params.emailCustomization?.logoUrl,
    magicLinkTemplate: params.emailCustomization?.magicLinkTemplate,
    now,
  });
}
