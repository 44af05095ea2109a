import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteSubOrganizationParams } from "@/lib/api/organizations";
import type { Tx } from "../db/client";
import {
  apiKeys,
  authenticators,
  organizations,
  privateKeyAddresses,
  privateKeys,
  sealedSecrets,
  walletAccounts,
  wallets,
} from "../db/schema";
import { ApiError } from "../errors";
import { defineActivity } from "./define";

export const deleteSubOrganization = defineActivity({
  path: "delete_sub_organization",
  type: ACTIVITY_TYPES.delete_sub_organization,
  resource: "ORGANIZATION",
  action: "DELETE",
  intentKey: "deleteSubOrganizationIntent",
  resultKey: "deleteSubOrganizationResult",
  summary: "Delete this sub-organization (submitted by its own root quorum); its activities are kept",
  describe: (p) =>
    `Delete this sub-organization${p.deleteWithoutExport ? " without exporting its keys" : ""}`,
  params: ZDeleteSubOrganizationParams,
  result: z.object({ subOrganizationUuid: z.string() }),
  async execute({ tx, organization, now }, params) {
    if (!organization.parentOrganizationId) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "NOT_A_SUB_ORGANIZATION",
        `organization ${organization.id} is a root organization; only sub-organizations can be deleted`,
      );
    }
    const [child] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.parentOrganizationId, organization.id), isNull(organizations.deletedAt)));
    if (child) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "HAS_SUB_ORGANIZATIONS",
        `organization ${organization.id} still has sub-organizations (e.g. ${child.id}); delete them first`,
      );
    }
    await shredKeyMaterial(tx, organization.id, params.deleteWithoutExport ?? false);
    // Credentials go at once so nothing can act on a deleted organization; rows that name it stay.
    await tx.delete(apiKeys).where(eq(apiKeys.organizationId, organization.id));
    await tx.delete(authenticators).where(eq(authenticators.organizationId, organization.id));
    await tx
      .update(organizations)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(organizations.id, organization.id));
    return { subOrganizationUuid: organization.id };
  },
});

/**
 * Wallets and private keys die with the organization, their sealed material first. Refused while
 * any was never exported, unless the caller insists (deleteWithoutExport), as for delete_wallets.
 */
async function shredKeyMaterial(tx: Tx, organizationId: string, deleteWithoutExport: boolean): Promise<void> {
  const [wallet] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.organizationId, organizationId), eq(wallets.exported, false)))
    .limit(1);
  const [key] = await tx
    .select({ id: privateKeys.id })
    .from(privateKeys)
    .where(and(eq(privateKeys.organizationId, organizationId), eq(privateKeys.exported, false)))
    .limit(1);
  const unexported = wallet ? `wallet ${wallet.id}` : key ? `private key ${key.id}` : undefined;
  if (unexported && !deleteWithoutExport) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "KEYS_NOT_EXPORTED",
      `${unexported} of organization ${organizationId} has never been exported; export it first, or set deleteWithoutExport`,
    );
  }
  await tx.delete(sealedSecrets).where(eq(sealedSecrets.organizationId, organizationId));
  await tx.delete(walletAccounts).where(eq(walletAccounts.organizationId, organizationId));
  await tx.delete(wallets).where(eq(wallets.organizationId, organizationId));
  await tx.delete(privateKeyAddresses).where(eq(privateKeyAddresses.organizationId, organizationId));
  await tx.delete(privateKeys).where(eq(privateKeys.organizationId, organizationId));
}
