import { and, asc, eq } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TSmartContractInterface } from "@/lib/api/contracts";
import type { DbOrTx } from "../db/client";
import { type SmartContractInterfaceRow, smartContractInterfaces } from "../db/schema";

/** The wire shape: the definition exactly as it was sent; the parsed form stays inside. */
export function renderSmartContractInterface(row: SmartContractInterfaceRow): TSmartContractInterface {
  return {
    organizationId: row.organizationId,
    smartContractInterfaceId: row.id,
    smartContractAddress: row.address,
    smartContractInterface: row.definition,
    type: row.type,
    label: row.label,
    notes: row.notes,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

/** One interface of the organization, or undefined (another organization's id is not found). */
export async function findSmartContractInterface(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<SmartContractInterfaceRow | undefined> {
  const [row] = await db
    .select()
    .from(smartContractInterfaces)
    .where(
      and(eq(smartContractInterfaces.organizationId, organizationId), eq(smartContractInterfaces.id, id)),
    );
  return row;
}

export async function loadSmartContractInterfaces(
  db: DbOrTx,
  organizationId: string,
): Promise<SmartContractInterfaceRow[]> {
  return db
    .select()
    .from(smartContractInterfaces)
    .where(eq(smartContractInterfaces.organizationId, organizationId))
    .orderBy(asc(smartContractInterfaces.id));
}
