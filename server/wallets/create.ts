import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { type WalletRow, wallets } from "../db/schema";
import { ApiError } from "../errors";
import { newId } from "../ids";

/** The wallet row (its mnemonic is sealed separately by the signer, under this id). */
export async function insertWallet(
  tx: Tx,
  organizationId: string,
  name: string,
  now: Date,
  options: { imported: boolean },
): Promise<WalletRow> {
  await refuseTakenName(tx, organizationId, name);
  const [row] = await tx
    .insert(wallets)
    .values({
      id: newId(now.getTime()),
      organizationId,
      name,
      exported: false,
      imported: options.imported,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function refuseTakenName(tx: Tx, organizationId: string, name: string): Promise<void> {
  const [taken] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), eq(wallets.name, name)));
  if (taken) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "WALLET_NAME_TAKEN",
      `a wallet named "${name}" already exists in this organization`,
    );
  }
}
