import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type OrganizationRow, organizations, policies } from "../db/schema";
import type { VersionedCache } from "../organizations/versioned-cache";
import { type CompiledPolicy, compilePolicy } from "./compile";

/**
 * The organization's policies, compiled, in evaluation order (oldest first), as of the version on
 * `organization` (read when the caller was resolved) or later. A miss reads the rows and the version
 * they belong to in one statement, one snapshot, so what is remembered under a version is exactly
 * that version's set.
 */
export async function organizationPolicies(
  db: DbOrTx,
  cache: VersionedCache<readonly CompiledPolicy[]>,
  organization: Pick<OrganizationRow, "id" | "policiesVersion">,
): Promise<readonly CompiledPolicy[]> {
  const cached = cache.get(organization.id, organization.policiesVersion);
  if (cached) return cached;
  const rows = await db
    .select({ version: organizations.policiesVersion, policy: policies })
    .from(organizations)
    .leftJoin(policies, eq(policies.organizationId, organizations.id))
    .where(eq(organizations.id, organization.id))
    .orderBy(asc(policies.id));
  // Shared by every request until the version moves: frozen so none can change it for the others.
  const compiled = Object.freeze(rows.flatMap((r) => (r.policy ? [compilePolicy(r.policy)] : [])));
  if (rows[0]) cache.set(organization.id, rows[0].version, compiled);
  return compiled;
}
