import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { DbOrTx } from "../db/client";
import { type OauthProviderRow, oauthProviders, type UserRow, users } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { newId } from "../ids";
import type { OidcIdentity } from "./verify";

/** The reference's v1OauthProvider. */
export function renderOauthProvider(row: OauthProviderRow) {
  return {
    providerId: row.id,
    providerName: row.name,
    issuer: row.issuer,
    audience: row.audience,
    subject: row.subject,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

/** Link identities to a user; an identity already linked in this organization is a 409 naming it. */
export async function linkIdentities(
  tx: DbOrTx,
  link: { organizationId: string; userId: string; now: Date },
  identities: (OidcIdentity & { name: string })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const identity of identities) {
    const [taken] = await tx
      .select({ userId: oauthProviders.userId })
      .from(oauthProviders)
      .where(
        and(
          eq(oauthProviders.organizationId, link.organizationId),
          eq(oauthProviders.issuer, identity.issuer),
          eq(oauthProviders.audience, identity.audience),
          eq(oauthProviders.subject, identity.subject),
        ),
      );
    if (taken) {
      throw new ApiError(
        "ALREADY_EXISTS",
        "OAUTH_PROVIDER_ALREADY_EXISTS",
        `identity ${identity.subject} of ${identity.issuer} (audience ${identity.audience}) is already linked to user ${taken.userId} in this organization`,
      );
    }
    const id = newId(link.now.getTime());
    await tx.insert(oauthProviders).values({
      id,
      organizationId: link.organizationId,
      userId: link.userId,
      name: identity.name,
      issuer: identity.issuer,
      audience: identity.audience,
      subject: identity.subject,
      createdAt: link.now,
      updatedAt: link.now,
    });
    ids.push(id);
  }
  return ids;
}

/** Unlink; every id must be one of this user's providers (404 naming the first that is not). */
export async function unlinkIdentities(
  tx: DbOrTx,
  organizationId: string,
  userId: string,
  providerIds: string[],
): Promise<void> {
  const found = await tx
    .select({ id: oauthProviders.id })
    .from(oauthProviders)
    .where(
      and(
        eq(oauthProviders.organizationId, organizationId),
        eq(oauthProviders.userId, userId),
        inArray(oauthProviders.id, providerIds),
      ),
    );
  const known = new Set(found.map((r) => r.id));
  const missing = providerIds.find((id) => !known.has(id));
  if (missing) throw notFound("oauth provider", missing);
  await tx.delete(oauthProviders).where(inArray(oauthProviders.id, providerIds));
}

export async function listIdentities(db: DbOrTx, organizationId: string, userId?: string) {
  return db
    .select({ provider: oauthProviders })
    .from(oauthProviders)
    .innerJoin(users, eq(users.id, oauthProviders.userId))
    .where(
      and(
        eq(oauthProviders.organizationId, organizationId),
        userId ? eq(oauthProviders.userId, userId) : undefined,
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(oauthProviders.id))
    .then((rows) => rows.map((r) => r.provider));
}

/** The live user of this organization linked to exactly this identity (issuer, audience, subject). */
export async function linkedUser(
  db: DbOrTx,
  organizationId: string,
  identity: OidcIdentity,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(oauthProviders)
    .innerJoin(users, eq(users.id, oauthProviders.userId))
    .where(
      and(
        eq(oauthProviders.organizationId, organizationId),
        eq(oauthProviders.issuer, identity.issuer),
        eq(oauthProviders.audience, identity.audience),
        eq(oauthProviders.subject, identity.subject),
        isNull(users.deletedAt),
      ),
    );
  return row?.user;
}
