import { denied } from "../errors";

/**
 * A recovery credential (init_user_email_recovery e-mails it) proves only that someone reads the
 * user's mail: it may register a new passkey through recover_user and submit nothing else.
 */
export function requireCredentialMayAct(credentialType: string, path: string): void {
  if (credentialType === "CREDENTIAL_TYPE_RECOVER_USER_KEY_P256" && path !== "recover_user") {
    throw denied(
      "RECOVERY_CREDENTIAL_SCOPE",
      `a recovery credential (CREDENTIAL_TYPE_RECOVER_USER_KEY_P256) may only submit recover_user, not ${path}`,
    );
  }
}
