import { type AnyPgColumn, bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Set for sub-organizations: the organization that created it. */
    parentOrganizationId: text("parent_organization_id").references((): AnyPgColumn => organizations.id),
    rootQuorumThreshold: integer("root_quorum_threshold").notNull(),
    rootUserIds: text("root_user_ids").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** Sub-organizations are deleted softly: their activities stay as the audit trail. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /**
     * Versions of what each instance caches about the organization (server/organizations/cache.ts),
     * changed by triggers (migrations 0026 and 0034) in the same transaction as every write to the
     * organization's policies, IP allowlists and MFA policies. Read with the organization row when the
     * caller is resolved, so a cache is checked without a round trip and never serves a stale set.
     */
    policiesVersion: bigint("policies_version", { mode: "number" }).notNull().default(0),
    ipAllowlistsVersion: bigint("ip_allowlists_version", { mode: "number" }).notNull().default(0),
    mfaPoliciesVersion: bigint("mfa_policies_version", { mode: "number" }).notNull().default(0),
    /** Its smart contract interfaces (the ABIs and IDLs policies decode with; migration 0034). */
    smartContractInterfacesVersion: bigint("smart_contract_interfaces_version", { mode: "number" })
      .notNull()
      .default(0),
  },
  (t) => [index("organizations_parent_idx").on(t.parentOrganizationId, t.id)],
);

export type OrganizationRow = typeof organizations.$inferSelect;
