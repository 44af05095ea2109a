import { p256 } from "@noble/curves/nist.js";
import type { DbOrTx } from "../db/client";
import { sealedSecrets } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { type SealIdentity, seal } from "./seal";
import { withSecret } from "./vault";

/**
 * An installation-wide P-256 key that clients encrypt secrets to (on-ramp provider secrets, OAuth
 * 2.0 client secrets): made on first use, sealed like any key, its public half published. Returns
 * that public half as SEC1 hex, compressed or not as the client library for the secret expects.
 */
export async function installationKeyPublic(
  db: DbOrTx,
  keyring: MasterKeyring,
  now: Date,
  key: SealIdentity & { organizationId: null },
  form: { compressed: boolean },
): Promise<string> {
  const scalar = p256.utils.randomSecretKey();
  try {
    // Instances starting together agree on one key through ON CONFLICT.
    await db
      .insert(sealedSecrets)
      .values({ ...key, ...seal(keyring.current, key, scalar), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: sealedSecrets.id });
  } finally {
    scalar.fill(0);
  }
  return withSecret(db, keyring, key, (d) =>
    Buffer.from(p256.getPublicKey(d, form.compressed)).toString("hex"),
  );
}
