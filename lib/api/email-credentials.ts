import { z } from "zod";
import { ZId, ZName } from "./common";
import { ZAuthenticatorParams } from "./credentials";
import { ZAppName, ZEmailCustomization } from "./otp";
import { ZSessionSeconds, ZUncompressedP256 } from "./sessions";
import { ZEmail } from "./users";

/** The reference's e-mail customization for credential mails: appName is required here. */
export const ZEmailAuthCustomization = ZEmailCustomization.extend({ appName: ZAppName });

const sender = {
  sendFromEmailAddress: ZEmail.optional(),
  sendFromEmailSenderName: ZAppName.optional(),
  replyToEmailAddress: ZEmail.optional(),
};

/** email_auth: a new API key of the user with this e-mail, mailed as a bundle for targetPublicKey. */
export const ZEmailAuthParams = z.object({
  email: ZEmail,
  targetPublicKey: ZUncompressedP256,
  apiKeyName: ZName.optional(),
  /** Validity of the key: default LATCHKEY_SESSION_SECONDS (900). */
  expirationSeconds: ZSessionSeconds.optional(),
  emailCustomization: ZEmailAuthCustomization,
  invalidateExisting: z.boolean().optional(),
  ...sender,
});

/** init_user_email_recovery: a recovery key mailed as a bundle, good only for recover_user. */
export const ZInitUserEmailRecoveryParams = z.object({
  email: ZEmail,
  targetPublicKey: ZUncompressedP256,
  expirationSeconds: ZSessionSeconds.optional(),
  emailCustomization: ZEmailAuthCustomization,
  ...sender,
});

/** recover_user: the new passkey of the user whose recovery key stamps it. */
export const ZRecoverUserParams = z.object({
  authenticator: ZAuthenticatorParams,
  userId: ZId,
});
