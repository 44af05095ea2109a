import { z } from "zod";

/** The reference's FeatureName values: what set_organization_feature can turn on. */
export const FEATURE_NAMES = [
  "FEATURE_NAME_ROOT_USER_EMAIL_RECOVERY",
  "FEATURE_NAME_WEBAUTHN_ORIGINS",
  "FEATURE_NAME_EMAIL_AUTH",
  "FEATURE_NAME_EMAIL_RECOVERY",
  "FEATURE_NAME_WEBHOOK",
  "FEATURE_NAME_SMS_AUTH",
  "FEATURE_NAME_OTP_EMAIL_AUTH",
  "FEATURE_NAME_AUTH_PROXY",
  "FEATURE_NAME_SOLANA_RENT_PREFUND_ENABLED",
  "FEATURE_NAME_SWAP_CONFIG",
  "FEATURE_NAME_EARN_CONFIG",
] as const;
export type TFeatureName = (typeof FEATURE_NAMES)[number];

export const ZFeatureName = z.enum(FEATURE_NAMES);

export const ZFeature = z.object({ name: ZFeatureName, value: z.string() });
export type TFeature = z.infer<typeof ZFeature>;

export const ZSetOrganizationFeatureParams = z.object({
  name: ZFeatureName,
  /** Required by the reference (it may be empty); replaces the value of a feature already set. */
  value: z.string().max(4096, "must be at most 4096 characters"),
});

export const ZRemoveOrganizationFeatureParams = z.object({ name: ZFeatureName });

/** Both activities answer with the organization's features after the change. */
export const ZOrganizationFeaturesResult = z.object({ features: z.array(ZFeature) });
