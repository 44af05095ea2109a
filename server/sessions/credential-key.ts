import { p256 } from "@noble/curves/nist.js";
import { and, eq } from "drizzle-orm";
import { insertApiKeys } from "../credentials/api-keys";
import { encryptCredentialBundle } from "../crypto/credential-bundle";
import type { Tx } from "../db/client";
import { apiKeys } from "../db/schema";

/** The reference's credential types for keys handed out in a bundle, by what issued them. */
export type BundledCredentialType =
  | "CREDENTIAL_TYPE_OTP_AUTH_KEY_P256"
  | "CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256"
  | "CREDENTIAL_TYPE_RECOVER_USER_KEY_P256"
  | "CREDENTIAL_TYPE_OAUTH_KEY_P256";

/**
 * A fresh P-256 key made an expiring API key of the user, its private half returned only inside a
 * credential bundle encrypted to the client's target key (@turnkey/crypto decryptCredentialBundle).
 * What otp_auth, email_auth and init_user_email_recovery hand out; the server keeps no copy.
 * `invalidateExisting` ends the user's earlier keys of the same type.
 */
export async function issueCredentialKey(
  tx: Tx,
  input: {
    organizationId: string;
    userId: string;
    credentialType: BundledCredentialType;
    /** Uncompressed P-256 public key, hex, already checked to be on the curve. */
    targetPublicKey: string;
    seconds: number;
    name: string;
    invalidateExisting?: boolean;
    now: Date;
  },
): Promise<{ apiKeyId: string; credentialBundle: string }> {
  if (input.invalidateExisting) {
    await tx
      .delete(apiKeys)
      .where(
        and(
          eq(apiKeys.organizationId, input.organizationId),
          eq(apiKeys.userId, input.userId),
          eq(apiKeys.credentialType, input.credentialType),
        ),
      );
  }
  const secretKey = p256.utils.randomSecretKey();
  try {
    const [apiKeyId] = await insertApiKeys(
      tx,
      input.organizationId,
      input.userId,
      [
        {
          name: input.name,
          publicKey: Buffer.from(p256.getPublicKey(secretKey, true)).toString("hex"),
          curve: "API_KEY_CURVE_P256",
          credentialType: input.credentialType,
          expirationSeconds: String(input.seconds),
        },
      ],
      input.now,
    );
    const credentialBundle = encryptCredentialBundle(Buffer.from(input.targetPublicKey, "hex"), secretKey);
    return { apiKeyId: apiKeyId!, credentialBundle };
  } finally {
    secretKey.fill(0);
  }
}
