import { and, asc, eq, inArray } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import { findOrganization } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import { type OrganizationRow, type SessionProfileRow, sessionProfiles } from "../db/schema";
import { notFound } from "../errors";

export function renderSessionProfile(row: SessionProfileRow) {
  return {
    sessionProfileId: row.id,
    sessionProfileName: row.name,
    scope: row.scope,
    ...(row.expirationSeconds ? { expirationSeconds: row.expirationSeconds } : {}),
    ...(row.notes ? { notes: row.notes } : {}),
    // Profiles are immutable: updated is created.
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.createdAt),
  };
}

/** The organization and its ancestors' ids: a parent's profiles serve its sub-organizations' logins. */
async function lineage(db: DbOrTx, organization: OrganizationRow): Promise<string[]> {
  const ids = [organization.id];
  let parentId = organization.parentOrganizationId;
  while (parentId && ids.length < 16) {
    ids.push(parentId);
    parentId = (await findOrganization(db, parentId))?.parentOrganizationId ?? null;
  }
  return ids;
}

/** The profile a login names, made by this organization or one of its parents; else a 404. */
export async function profileForLogin(
  db: DbOrTx,
  organization: OrganizationRow,
  sessionProfileId: string,
): Promise<SessionProfileRow> {
  const [row] = await db
    .select()
    .from(sessionProfiles)
    .where(
      and(
        eq(sessionProfiles.id, sessionProfileId),
        inArray(sessionProfiles.organizationId, await lineage(db, organization)),
      ),
    );
  if (!row) throw notFound("session profile", sessionProfileId);
  return row;
}

export async function listSessionProfiles(db: DbOrTx, organizationId: string) {
  return db
    .select()
    .from(sessionProfiles)
    .where(eq(sessionProfiles.organizationId, organizationId))
    .orderBy(asc(sessionProfiles.id));
}

/**
 * A login's session under `profile`: no longer than the profile allows (the login's own expiry
 * otherwise), typed by the profile's name in the JWT, and the profile remembered on the key.
 */
export function sessionUnderProfile(profile: SessionProfileRow | undefined, requestedSeconds: number) {
  if (!profile)
    return { seconds: requestedSeconds, sessionType: "SESSION_TYPE_READ_WRITE", sessionProfileId: undefined };
  const cap = profile.expirationSeconds ? Number(profile.expirationSeconds) : requestedSeconds;
  return {
    seconds: Math.min(cap, requestedSeconds),
    sessionType: profile.name,
    sessionProfileId: profile.id,
  };
}
