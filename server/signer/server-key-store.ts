import {
  deriveServerSigningScalar,
  type ServerSigningKey,
  serverSigningKeyFrom,
} from "../crypto/server-signing-key";
import type { DbOrTx } from "../db/client";
import { sealedSecrets } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { seal } from "./seal";
import { withSecret } from "./vault";

const IDENTITY = { id: "server-signing-key", organizationId: null, kind: "SERVER_SIGNING_KEY" as const };

/**
 * The key that signs session JWTs and export/import bundles. Created once per installation (from
 * the master key it first ran with, so installations that pinned the earlier derived key keep it)
 * and sealed like any key; instances starting at the same time agree through ON CONFLICT.
 */
export async function loadServerSigningKey(
  db: DbOrTx,
  keyring: MasterKeyring,
  now: Date,
): Promise<ServerSigningKey> {
  const scalar = deriveServerSigningScalar(keyring.current);
  try {
    await db
      .insert(sealedSecrets)
      .values({ ...IDENTITY, ...seal(keyring.current, IDENTITY, scalar), createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: sealedSecrets.id });
  } finally {
    scalar.fill(0);
  }
  return withSecret(db, keyring, IDENTITY, (d) => serverSigningKeyFrom(d));
}
