import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type OrganizationRow, organizations, smartContractInterfaces } from "../db/schema";
import type { VersionedCache } from "../organizations/versioned-cache";

/** What the policy engine decodes calldata and instructions with: an interface's address, form and kind. */
export interface ContractInterface {
  address: string;
  parsed: unknown;
  type: string;
}

/**
 * The organization's smart contract interfaces as of the version on `organization` (read when the
 * caller was resolved) or later; like its compiled policies, a miss reads the rows and their version
 * in one statement, so a sign_transaction under policies pays nothing for them until one changes.
 */
export async function organizationInterfaces(
  db: DbOrTx,
  cache: VersionedCache<readonly ContractInterface[]>,
  organization: Pick<OrganizationRow, "id" | "smartContractInterfacesVersion">,
): Promise<readonly ContractInterface[]> {
  const cached = cache.get(organization.id, organization.smartContractInterfacesVersion);
  if (cached) return cached;
  const rows = await db
    .select({
      version: organizations.smartContractInterfacesVersion,
      address: smartContractInterfaces.address,
      parsed: smartContractInterfaces.parsed,
      type: smartContractInterfaces.type,
    })
    .from(organizations)
    .leftJoin(smartContractInterfaces, eq(smartContractInterfaces.organizationId, organizations.id))
    .where(eq(organizations.id, organization.id))
    .orderBy(asc(smartContractInterfaces.id));
  // Shared by every request until the version moves: frozen so none can change it for the others.
  const known = Object.freeze(
    rows.flatMap((r) =>
      r.address === null ? [] : [Object.freeze({ address: r.address, parsed: r.parsed, type: r.type! })],
    ),
  );
  if (rows[0]) cache.set(organization.id, rows[0].version, known);
  return known;
}
