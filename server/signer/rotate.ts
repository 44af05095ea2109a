import { eq, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { sealedSecrets } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { masterKeyId, rewrap, SealBrokenError, type SecretKind } from "./seal";

export interface RotationReport {
  rewrapped: number;
  alreadyCurrent: number;
}

/**
 * Rewrap every data key not yet under `newKey`, in one transaction, so a crash leaves the old
 * wraps intact. Only the wrapped data keys change (the ciphertexts stay) and only sealed_secrets
 * rows are locked; PostgreSQL's row locks do not block plain reads, so queries and signing go on
 * throughout (seeing the old wraps until the commit, the new ones after).
 */
export async function rotateMasterKey(
  db: Database,
  keyring: MasterKeyring,
  newKey: Buffer,
): Promise<RotationReport> {
  const newId = masterKeyId(newKey);
  return db.transaction(async (tx) => {
    const all = await tx.select().from(sealedSecrets).for("update");
    const stale = all.filter((row) => row.masterKeyId !== newId);
    const unknown = [...new Set(stale.map((r) => r.masterKeyId).filter((id) => !keyring.find(id)))];
    if (unknown.length > 0) {
      throw new SealBrokenError(
        `key material is wrapped by master key(s) ${unknown.join(", ")}, which were not given ` +
          "(add them to LATCHKEY_PREVIOUS_MASTER_KEYS); nothing was changed",
      );
    }
    for (const row of stale) {
      const identity = { id: row.id, organizationId: row.organizationId, kind: row.kind as SecretKind };
      const wrapped = rewrap(keyring.find(row.masterKeyId)!, newKey, identity, row);
      await tx.update(sealedSecrets).set(wrapped).where(eq(sealedSecrets.id, row.id));
    }
    const left = await tx
      .select({ id: sealedSecrets.id })
      .from(sealedSecrets)
      .where(ne(sealedSecrets.masterKeyId, newId));
    if (left.length > 0)
      throw new SealBrokenError(`${left.length} rows were not rewrapped; nothing was changed`);
    return { rewrapped: stale.length, alreadyCurrent: all.length - stale.length };
  });
}
