import { and, asc, eq } from "drizzle-orm";
import type { TFeature, TFeatureName } from "@/lib/api/features";
import type { DbOrTx } from "../db/client";
import { organizationFeatures } from "../db/schema";
import { ApiError } from "../errors";

/**
 * The login features every new organization starts with, as the reference's sub-organizations do:
 * OTP by e-mail, e-mail auth, e-mail recovery, SMS auth. create_sub_organization's disable* flags
 * leave the matching one out; every other feature (Earn, swaps, webhooks…) starts off. The migration
 * gave organizations that already existed the same set.
 */
export const DEFAULT_FEATURES: readonly TFeatureName[] = [
  "FEATURE_NAME_OTP_EMAIL_AUTH",
  "FEATURE_NAME_EMAIL_AUTH",
  "FEATURE_NAME_EMAIL_RECOVERY",
  "FEATURE_NAME_SMS_AUTH",
];

export async function insertDefaultFeatures(
  tx: DbOrTx,
  organizationId: string,
  now: Date,
  leaveOut: readonly TFeatureName[] = [],
): Promise<void> {
  const names = DEFAULT_FEATURES.filter((name) => !leaveOut.includes(name));
  if (names.length === 0) return;
  await tx
    .insert(organizationFeatures)
    .values(names.map((name) => ({ organizationId, name, value: "true", createdAt: now, updatedAt: now })))
    .onConflictDoNothing();
}

/** The organization's features, by name, as the reference lists them. */
export async function loadFeatures(db: DbOrTx, organizationId: string): Promise<TFeature[]> {
  const rows = await db
    .select({ name: organizationFeatures.name, value: organizationFeatures.value })
    .from(organizationFeatures)
    .where(eq(organizationFeatures.organizationId, organizationId))
    .orderBy(asc(organizationFeatures.name));
  return rows as TFeature[];
}

export async function hasFeature(db: DbOrTx, organizationId: string, name: TFeatureName): Promise<boolean> {
  const [row] = await db
    .select({ name: organizationFeatures.name })
    .from(organizationFeatures)
    .where(and(eq(organizationFeatures.organizationId, organizationId), eq(organizationFeatures.name, name)));
  return row !== undefined;
}

/** A 400 naming the feature and how to turn it on, when the organization has not. */
export async function requireFeature(
  db: DbOrTx,
  organizationId: string,
  name: TFeatureName,
  product: string,
): Promise<void> {
  if (await hasFeature(db, organizationId, name)) return;
  throw new ApiError(
    "FAILED_PRECONDITION",
    "FEATURE_NOT_ENABLED",
    `${product} is not enabled for organization ${organizationId}: enable ${name} with set_organization_feature`,
  );
}
