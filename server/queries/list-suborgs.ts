import { and, eq, ilike, isNull, or, type SQL, sql } from "drizzle-orm";
import { ZListSuborgsRequest } from "@/lib/api/organizations";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import type { Database } from "../db/client";
import { apiKeys, authenticators, organizations, users, walletAccounts } from "../db/schema";
import { invalid } from "../errors";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

/** Sub-organization ids (of this parent) that have a user or credential matching the filter. */
function memberFilter(db: Database, filterType: string, value: string): SQL | undefined {
  // Parenthesised by hand: a select's SQL has no brackets of its own inside `in (...)`.
  const orgsWhere = (members: { getSQL(): SQL }) => sql`${organizations.id} in (${members.getSQL()})`;
  switch (filterType) {
    case "NAME":
      return eq(organizations.name, value);
    case "USERNAME":
      return orgsWhere(
        db
          .select({ id: users.organizationId })
          .from(users)
          .where(and(eq(users.name, value), isNull(users.deletedAt))),
      );
    case "EMAIL":
      return orgsWhere(
        db
          .select({ id: users.organizationId })
          .from(users)
          .where(and(ilike(users.email, value.replace(/[\\%_]/g, "\\$&")), isNull(users.deletedAt))),
      );
    case "PHONE_NUMBER":
      return orgsWhere(
        db
          .select({ id: users.organizationId })
          .from(users)
          .where(and(eq(users.phoneNumber, value), isNull(users.deletedAt))),
      );
    case "PUBLIC_KEY":
      return or(
        orgsWhere(
          db
            .select({ id: apiKeys.organizationId })
            .from(apiKeys)
            .where(eq(apiKeys.publicKey, value.toLowerCase())),
        ),
        orgsWhere(
          db
            .select({ id: authenticators.organizationId })
            .from(authenticators)
            .where(eq(authenticators.publicKey, value.toLowerCase())),
        ),
      );
    case "CREDENTIAL_ID":
      return orgsWhere(
        db
          .select({ id: authenticators.organizationId })
          .from(authenticators)
          .where(eq(authenticators.credentialId, value.replace(/=+$/, ""))),
      );
    case "WALLET_ACCOUNT_ADDRESS":
      return orgsWhere(
        db
          .select({ id: walletAccounts.organizationId })
          .from(walletAccounts)
          .where(eq(walletAccounts.address, value)),
      );
    // Nothing in a Latchkey organization carries this yet (no OAuth providers): no match.
    case "OIDC_TOKEN":
      return sql`false`;
    default:
      return undefined;
  }
}

export const listSuborgs = defineQuery({
  path: "list_suborgs",
  summary: "Ids of this organization's sub-organizations, oldest first, optionally filtered",
  request: ZListSuborgsRequest,
  response: QUERY_RESPONSES.list_suborgs,
  async run({ app, organization }, request) {
    if (request.filterType && !request.filterValue) {
      throw invalid("filterValue is required when filterType is set", "filterValue");
    }
    const page = pageOf(organizations.id, request.paginationOptions, "oldest-first");
    const rows = await app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          eq(organizations.parentOrganizationId, organization.id),
          isNull(organizations.deletedAt),
          request.filterType
            ? memberFilter(app.db, request.filterType, request.filterValue ?? "")
            : undefined,
          page.where,
        ),
      )
      .orderBy(page.orderBy)
      .limit(page.limit);
    if (page.reverse) rows.reverse();
    return { organizationIds: rows.map((r) => r.id) };
  },
});
