import type { PolicyValue } from "../types";

export interface Approver {
  id: string;
  /** User tag ids. */
  tags: readonly string[];
  email?: string | null;
  /** The user's name: the reference's `alias`. */
  name: string;
}

export interface ApprovingCredential {
  /** The API key's or authenticator's id. */
  id: string;
  userId: string;
  /** e.g. CREDENTIAL_TYPE_API_KEY_P256, CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR. */
  type: string;
  /** The passkey's WebAuthn credential id; API keys have none. */
  credentialId?: string | null;
  publicKey: string;
}

/**
 * What `consensus` reads: the users who approved and the credentials they approved with. A user
 * without an email and an API key (no WebAuthn credential id) get `''`, not an absent field, so a
 * policy like `approvers.any(u, u.email == '…')` is false for them instead of an evaluation error
 * for everyone (the reference does not say which it does).
 */
export function consensusContext(
  approvers: readonly Approver[],
  credentials: readonly ApprovingCredential[],
): PolicyValue {
  return {
    approvers: approvers.map((user) => ({
      id: user.id,
      tags: [...user.tags],
      email: user.email ?? "",
      alias: user.name,
    })),
    credentials: credentials.map((credential) => ({
      id: credential.id,
      user_id: credential.userId,
      type: credential.type,
      credential_id: credential.credentialId ?? "",
      public_key: credential.publicKey,
    })),
  };
}
