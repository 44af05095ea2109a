import { and, asc, eq, isNull } from "drizzle-orm";
import type { TIpAllowlist } from "@/lib/api/ip-allowlist";
import type { DbOrTx } from "../db/client";
import { type IpAllowlistRow, ipAllowlists, type OrganizationRow, organizations } from "../db/schema";
import type { VersionedCache } from "../organizations/versioned-cache";

export type AllowlistCache = VersionedCache<readonly IpAllowlistRow[]>;

/** The allowlist of an organization (publicKey undefined) or of one of its API keys. */
export async function findAllowlist(
  db: DbOrTx,
  organizationId: string,
  publicKey: string | undefined,
): Promise<IpAllowlistRow | undefined> {
  const [row] = await db
    .select()
    .from(ipAllowlists)
    .where(
      and(
        eq(ipAllowlists.organizationId, organizationId),
        publicKey === undefined ? isNull(ipAllowlists.publicKey) : eq(ipAllowlists.publicKey, publicKey),
      ),
    );
  return row;
}

/** The reference's IpAllowlist: `enabled` only at organization level, `publicKey` only at key level. */
export function renderAllowlist(row: IpAllowlistRow): TIpAllowlist {
  return {
    organizationId: row.organizationId,
    rules: row.rules.map((rule) => ({
      cidr: rule.cidr,
      ...(rule.label ? { label: rule.label } : {}),
      createdAt: rule.createdAt,
    })),
    ...(row.publicKey === null ? { enabled: row.enabled ?? true } : { publicKey: row.publicKey }),
    onEvaluationError: row.onEvaluationError as "ALLOW" | "DENY",
  };
}

/**
 * Every allowlist of the organization (its own and its keys'), as of the version on `organization`
 * (read when the caller was resolved) or later. A miss reads the rows with the version they belong
 * to in one statement, so a set is remembered only under its own version.
 */
export async function organizationAllowlists(
  db: DbOrTx,
  cache: AllowlistCache,
  organization: Pick<OrganizationRow, "id" | "ipAllowlistsVersion">,
): Promise<readonly IpAllowlistRow[]> {
  const cached = cache.get(organization.id, organization.ipAllowlistsVersion);
  if (cached) return cached;
  const rows = await db
    .select({ version: organizations.ipAllowlistsVersion, list: ipAllowlists })
    .from(organizations)
    .leftJoin(ipAllowlists, eq(ipAllowlists.organizationId, organizations.id))
    .where(eq(organizations.id, organization.id))
    .orderBy(asc(ipAllowlists.publicKey));
  const lists = Object.freeze(rows.flatMap((r) => (r.list ? [r.list] : [])));
  if (rows[0]) cache.set(organization.id, rows[0].version, lists);
  return lists;
}
