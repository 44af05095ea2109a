import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type GasUsageConfigRow, gasUsageConfigs, organizations } from "../db/schema";

/** How far up the organization tree a sub-organization's sends look for a sponsor. */
const MAX_DEPTH = 16;

/** The configuration that governs an organization's sponsored sends: its own, else its nearest ancestor's. */
export interface GoverningConfig {
  config: GasUsageConfigRow;
  /** true when the organization sponsors its own sends; false when an ancestor sponsors it. */
  own: boolean;
}

export async function findOwnConfig(
  db: DbOrTx,
  organizationId: string,
): Promise<GasUsageConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(gasUsageConfigs)
    .where(eq(gasUsageConfigs.organizationId, organizationId));
  return row;
}

export async function findGoverningConfig(
  db: DbOrTx,
  organizationId: string,
): Promise<GoverningConfig | undefined> {
  let current: string | null = organizationId;
  for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
    const config = await findOwnConfig(db, current);
    if (config) return { config, own: current === organizationId };
    const [org]: { parent: string | null }[] = await db
      .select({ parent: organizations.parentOrganizationId })
      .from(organizations)
      .where(eq(organizations.id, current));
    current = org?.parent ?? null;
  }
  return undefined;
}
