import { inArray } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TPrivateKey } from "@/lib/api/private-keys";
import type { DbOrTx } from "../db/client";
import { type PrivateKeyRow, privateKeyAddresses } from "../db/schema";
import type { AddressFormat, Curve } from "../signer/types";

/** Private keys as the API shows them, with their addresses (one query for all of them). */
export async function renderPrivateKeys(db: DbOrTx, rows: PrivateKeyRow[]): Promise<TPrivateKey[]> {
  const addresses = rows.length
    ? await db
        .select()
        .from(privateKeyAddresses)
        .where(
          inArray(
            privateKeyAddresses.privateKeyId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    privateKeyId: row.id,
    publicKey: row.publicKey,
    privateKeyName: row.name,
    curve: row.curve as Curve,
    addresses: addresses
      .filter((a) => a.privateKeyId === row.id)
      .map((a) => ({ format: a.format as AddressFormat, address: a.address })),
    privateKeyTags: row.tagIds,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    exported: row.exported,
    imported: row.imported,
  }));
}
