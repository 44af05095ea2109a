import { and, asc, eq } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TMfaPolicy } from "@/lib/api/mfa";
import type { DbOrTx } from "../db/client";
import { type MfaPolicyRow, mfaPolicies, type OrganizationRow, organizations } from "../db/schema";
import { notFound } from "../errors";
import type { VersionedCache } from "../organizations/versioned-cache";

export type MfaPolicyCache = VersionedCache<readonly MfaPolicyRow[]>;

/** A user's MFA policies in evaluation order (lowest `order` first, then oldest). */
export function listMfaPolicies(db: DbOrTx, organizationId: string, userId: string): Promise<MfaPolicyRow[]> {
  return db
    .select()
    .from(mfaPolicies)
    .where(and(eq(mfaPolicies.organizationId, organizationId), eq(mfaPolicies.userId, userId)))
    .orderBy(asc(mfaPolicies.order), asc(mfaPolicies.createdAt), asc(mfaPolicies.id));
}

/**
 * A user's MFA policies in evaluation order, from the organization's whole set as of the version on
 * `organization` (read when the caller was resolved) or later. Every submission asks; almost every
 * organization has none, which the cache then answers without a round trip. A miss reads the rows
 * with the version they belong to in one statement, so a set is remembered only under its own version.
 */
export async function cachedMfaPolicies(
  db: DbOrTx,
  cache: MfaPolicyCache,
  organization: Pick<OrganizationRow, "id" | "mfaPoliciesVersion">,
  userId: string,
): Promise<MfaPolicyRow[]> {
  let all = cache.get(organization.id, organization.mfaPoliciesVersion);
  if (!all) {
    const rows = await db
      .select({ version: organizations.mfaPoliciesVersion, policy: mfaPolicies })
      .from(organizations)
      .leftJoin(mfaPolicies, eq(mfaPolicies.organizationId, organizations.id))
      .where(eq(organizations.id, organization.id))
      .orderBy(asc(mfaPolicies.order), asc(mfaPolicies.createdAt), asc(mfaPolicies.id));
    all = Object.freeze(rows.flatMap((r) => (r.policy ? [r.policy] : [])));
    if (rows[0]) cache.set(organization.id, rows[0].version, all);
  }
  return all.filter((policy) => policy.userId === userId);
}

export async function requireMfaPolicy(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  id: string,
): Promise<MfaPolicyRow> {
  const [row] = await db
    .select()
    .from(mfaPolicies)
    .where(
      and(
        eq(mfaPolicies.organizationId, organizationId),
        eq(mfaPolicies.userId, userId),
        eq(mfaPolicies.id, id),
      ),
    );
  if (!row) throw notFound("mfa policy", `${id} of user ${userId}`);
  return row;
}

export function renderMfaPolicy(row: MfaPolicyRow): TMfaPolicy {
  return {
    mfaPolicyId: row.id,
    mfaPolicyName: row.name,
    condition: row.condition,
    requiredAuthenticationMethods: row.requiredMethods as TMfaPolicy["requiredAuthenticationMethods"],
    order: row.order,
    ...(row.notes ? { notes: row.notes } : {}),
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}
