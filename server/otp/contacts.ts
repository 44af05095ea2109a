import type { TFeatureName } from "@/lib/api/features";
import { ZEmail, ZPhoneNumber } from "@/lib/api/users";
import { invalid } from "../errors";

export type OtpType = "OTP_TYPE_EMAIL" | "OTP_TYPE_SMS";

/** The feature that switches each kind of code on, and what the 400 calls it when it is off. */
export const OTP_FEATURE: Record<OtpType, { name: TFeatureName; product: string }> = {
  OTP_TYPE_EMAIL: { name: "FEATURE_NAME_OTP_EMAIL_AUTH", product: "Login by e-mail code" },
  OTP_TYPE_SMS: { name: "FEATURE_NAME_SMS_AUTH", product: "Login by SMS code" },
};

/**
 * A contact in the one form flows, tokens and users are matched by: e-mail addresses lower-cased,
 * phone numbers in E.164 as given. Anything else is a 400 naming the field.
 */
export function normalizeContact(otpType: OtpType, contact: string, field = "parameters.contact"): string {
  if (otpType === "OTP_TYPE_SMS") {
    const phone = ZPhoneNumber.safeParse(contact);
    if (!phone.success) {
      throw invalid("contact must be an E.164 phone number such as +14155550123 for OTP_TYPE_SMS", field);
    }
    return phone.data;
  }
  const email = ZEmail.safeParse(contact);
  if (!email.success) throw invalid("contact must be an e-mail address for OTP_TYPE_EMAIL", field);
  return email.data.toLowerCase();
}
