import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type PrivateKeyRow, privateKeys } from "../db/schema";
import { notFound } from "../errors";

export async function findPrivateKeys(
  db: DbOrTx,
  organizationId: string,
  ids: string[],
): Promise<PrivateKeyRow[]> {
  const rows = await db
    .select()
    .from(privateKeys)
    .where(and(eq(privateKeys.organizationId, organizationId), inArray(privateKeys.id, ids)));
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound("private key", missing);
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
