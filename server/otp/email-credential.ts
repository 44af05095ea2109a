import type { AppContext } from "../context";
import { isP256Point } from "../crypto/p256-point";
import type { Tx } from "../db/client";
import type { OrganizationRow } from "../db/schema";
import { invalid, notFound } from "../errors";
import { renderCredentialEmail } from "../mail/credential-email";
import { enqueueEmail } from "../mail/outbox";
import { type BundledCredentialType, issueCredentialKey } from "../sessions/credential-key";
import { findUserByContact } from "../users/by-contact";

export interface EmailCredentialRequest {
  kind: "EMAIL_AUTH" | "RECOVERY";
  credentialType: BundledCredentialType;
  email: string;
  targetPublicKey: string;
  seconds: number;
  apiKeyName: string;
  invalidateExisting?: boolean;
  customization: { appName: string; logoUrl?: string; magicLinkTemplate?: string; templateId?: string };
  sendFromEmailAddress?: string;
  sendFromEmailSenderName?: string;
  replyToEmailAddress?: string;
  now: Date;
}

/**
 * What email_auth and init_user_email_recovery share: the user with that e-mail gets a new
 * expiring key, and its credential bundle (sealed to the asking device's target key) is mailed to
 * that address through the outbox — only whoever reads the mail on that device can use it.
 */
export async function emailCredential(
  app: AppContext,
  tx: Tx,
  organization: OrganizationRow,
  request: EmailCredentialRequest,
): Promise<{ userId: string; apiKeyId: string }> {
  if (request.customization.templateId) {
    throw invalid(
      "custom e-mail templates are not supported; omit templateId",
      "parameters.emailCustomization.templateId",
    );
  }
  if (!isP256Point(request.targetPublicKey)) {
    throw invalid("targetPublicKey must be a point on P-256", "parameters.targetPublicKey");
  }
  const email = request.email.toLowerCase();
  const user = await findUserByContact(tx, organization.id, "OTP_TYPE_EMAIL", email);
  if (!user) throw notFound(`user with e-mail ${email} in organization`, organization.id);
  const { apiKeyId, credentialBundle } = await issueCredentialKey(tx, {
    organizationId: organization.id,
    userId: user.id,
    credentialType: request.credentialType,
    targetPublicKey: request.targetPublicKey,
    seconds: request.seconds,
    name: request.apiKeyName,
    invalidateExisting: request.invalidateExisting,
    now: request.now,
  });
  const mail = renderCredentialEmail({
    kind: request.kind,
    appName: request.customization.appName,
    bundle: credentialBundle,
    expiresInSeconds: request.seconds,
    logoUrl: request.customization.logoUrl,
    magicLinkTemplate: request.customization.magicLinkTemplate,
  });
  const from = request.sendFromEmailAddress
    ? `"${(request.sendFromEmailSenderName ?? "Notifications").replace(/["\\]/g, "")}" <${request.sendFromEmailAddress}>`
    : app.config.mail.from;
  await enqueueEmail(
    tx,
    app.keyring,
    {
      organizationId: organization.id,
      purpose: request.kind,
      from,
      to: email,
      replyTo: request.replyToEmailAddress,
      ...mail,
    },
    { now: request.now, maxAttempts: app.config.mail.maxAttempts },
  );
  return { userId: user.id, apiKeyId };
}
