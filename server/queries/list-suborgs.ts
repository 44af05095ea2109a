import { and, eq, ilike, isNull, notExists, or, type SQL, sql } from "drizzle-orm";
import { ZListSuborgsRequest } from "@/lib/api/organizations";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import type { Database } from "../db/client";
import { apiKeys, authenticators, oauthProviders, organizations, users, walletAccounts } from "../db/schema";
import { invalid } from "../errors";
import { type OidcIdentity, verifyOidcToken } from "../oidc/verify";
import { defineQuery } from "./define";
import { pageOf } from "./paginate";

/**
 * Organizations holding passkey `credentialId`, ranked by proof: when one of this parent's live
 * sub-organizations registered it with proven possession, only those that proved it; otherwise
 * every one that holds it. A copy registered from someone's public attestation (replayed or
 * forged, no key needed) therefore never stands beside, or in front of, the passkey's owner.
 */
function credentialHolders(db: Database, parentId: string, credentialId: string) {
  const provenAmongSiblings = db
    .select({ one: sql`1` })
    .from(authenticators)
    .innerJoin(organizations, eq(organizations.id, authenticators.organizationId))
    .where(
      and(
        eq(authenticators.credentialId, credentialId),
        eq(authenticators.possessionProven, true),
        eq(organizations.parentOrganizationId, parentId),
        isNull(organizations.deletedAt),
      ),
    );
  return db
    .select({ id: authenticators.organizationId })
    .from(authenticators)
    .where(
      and(
        eq(authenticators.credentialId, credentialId),
        or(eq(authenticators.possessionProven, true), notExists(provenAmongSiblings)),
      ),
    );
}

/** Sub-organization ids (of this parent) that have a user or credential matching the filter. */
function memberFilter(
  db: Database,
  parentId: string,
  filterType: string,
  value: string,
  oidc: OidcIdentity | undefined,
): SQL | undefined {
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
      return orgsWhere(credentialHolders(db, parentId, value.replace(/=+$/, "")));
    case "WALLET_ACCOUNT_ADDRESS":
      return orgsWhere(
        db
          .select({ id: walletAccounts.organizationId })
          .from(walletAccounts)
          .where(eq(walletAccounts.address, value)),
      );
    // The token was verified in `run`; its issuer and subject find the users linked to it.
    case "OIDC_TOKEN":
      return orgsWhere(
        db
          .select({ id: oauthProviders.organizationId })
          .from(oauthProviders)
          .innerJoin(users, eq(users.id, oauthProviders.userId))
          .where(
            and(
              eq(oauthProviders.issuer, oidc?.issuer ?? ""),
              eq(oauthProviders.subject, oidc?.subject ?? ""),
              isNull(users.deletedAt),
            ),
          ),
      );
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
    // A token is only evidence once verified (signature, issuer allowlist, times); no nonce: a
    // lookup starts no session.
    const oidc =
      request.filterType === "OIDC_TOKEN"
        ? await verifyOidcToken(app, request.filterValue ?? "", { field: "filterValue" })
        : undefined;
    const page = pageOf(organizations.id, request.paginationOptions, "oldest-first");
    const rows = await app.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(
        and(
          eq(organizations.parentOrganizationId, organization.id),
          isNull(organizations.deletedAt),
          request.filterType
            ? memberFilter(app.db, organization.id, request.filterType, request.filterValue ?? "", oidc)
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
