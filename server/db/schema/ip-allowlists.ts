import { boolean, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";

export interface StoredIpRule {
  cidr: string;
  label?: string;
  /** Milliseconds since the epoch, as the reference's rule carries it. */
  createdAt: string;
}

/**
 * IP allowlists: an organization's (public_key null) and any API key's own, which replaces the
 * organization's for requests that key stamps. Requests are checked in server/ip-allowlist/enforce.ts.
 */
export const ipAllowlists = pgTable(
  "ip_allowlists",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id),
    publicKey: text("public_key"),
    /** Organization level only: a disabled allowlist keeps its rules and lets every address in. */
    enabled: boolean("enabled"),
    onEvaluationError: text("on_evaluation_error").notNull(),
    rules: jsonb("rules").notNull().$type<StoredIpRule[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [unique("ip_allowlists_scope_key").on(t.organizationId, t.publicKey).nullsNotDistinct()],
);

export type IpAllowlistRow = typeof ipAllowlists.$inferSelect;
