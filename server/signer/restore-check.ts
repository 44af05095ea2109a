import type { MasterKeyring } from "./keyring";
import { type Sealed, type SecretKind, unwrapsUnder } from "./seal";

export interface SealedRowFromBackup extends Sealed {
  id: string;
  organizationId: string | null;
  kind: string;
}

/**
 * The sealed rows of a backup this keyring cannot unwrap (by id), checked before a restore writes
 * anything: a restore under another master key would leave key material nobody can use.
 */
export function rowsThatDoNotUnwrap(keyring: MasterKeyring, rows: SealedRowFromBackup[]): string[] {
  return rows
    .filter((row) => {
      const key = keyring.find(row.masterKeyId);
      const identity = { id: row.id, organizationId: row.organizationId, kind: row.kind as SecretKind };
      return !key || !unwrapsUnder(key, identity, row);
    })
    .map((row) => row.id);
}
