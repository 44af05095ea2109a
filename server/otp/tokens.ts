import { and, eq, isNull } from "drizzle-orm";
import { findOrganization } from "../auth/caller";
import type { AppContext } from "../context";
import type { DbOrTx } from "../db/client";
import { type OrganizationRow, verificationTokens } from "../db/schema";
import { ApiError, unauthenticated } from "../errors";
import { readVerificationToken, type VerificationClaims } from "./verification-token";

/** The organization and its ancestors' ids, nearest first: where a token for this organization may come from. */
async function lineage(db: DbOrTx, organization: OrganizationRow): Promise<string[]> {
  const ids = [organization.id];
  let parentId = organization.parentOrganizationId;
  while (parentId && ids.length < 16) {
    ids.push(parentId);
    parentId = (await findOrganization(db, parentId))?.parentOrganizationId ?? null;
  }
  return ids;
}

/**
 * Spend a verification token in `organization`, once: its signature and expiry, that it was issued
 * by this organization or an ancestor (a parent's backend verifies the code, the user logs in to
 * their sub-organization), and that it has not been spent. The claims come back for the caller's
 * own checks; a rollback of the caller's transaction un-spends it.
 */
export async function spendVerificationToken(
  app: AppContext,
  tx: DbOrTx,
  organization: OrganizationRow,
  token: string,
  now: Date,
): Promise<VerificationClaims> {
  const claims = readVerificationToken(app.serverKey, token, now);
  if (!(await lineage(tx, organization)).includes(claims.organization_id)) {
    throw new ApiError(
      "PERMISSION_DENIED",
      "VERIFICATION_TOKEN_ORGANIZATION_MISMATCH",
      `verificationToken was issued in organization ${claims.organization_id}, which is neither ${organization.id} nor one of its parents`,
    );
  }
  const [spent] = await tx
    .update(verificationTokens)
    .set({ consumedAt: now })
    .where(and(eq(verificationTokens.id, claims.id), isNull(verificationTokens.consumedAt)))
    .returning({ id: verificationTokens.id });
  if (spent) return claims;
  const [known] = await tx.select().from(verificationTokens).where(eq(verificationTokens.id, claims.id));
  if (!known)
    throw unauthenticated(
      "VERIFICATION_TOKEN_INVALID",
      `verificationToken ${claims.id} was never issued here`,
    );
  throw new ApiError(
    "FAILED_PRECONDITION",
    "VERIFICATION_TOKEN_USED",
    `verificationToken ${claims.id} was already used at ${known.consumedAt!.toISOString()}; verify a new code`,
  );
}
