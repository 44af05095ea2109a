import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateSubOrganizationParams } from "@/lib/api/organizations";
import { organizations } from "../db/schema";
import { invalid } from "../errors";
import { insertOrganization } from "../organizations/create";
import { createWalletSecret } from "../signer/wallet-secrets";
import { insertUsers } from "../users/create";
import { addAccounts } from "../wallets/accounts";
import { insertWallet } from "../wallets/create";
import { defineActivity } from "./define";

export const createSubOrganization = defineActivity({
  path: "create_sub_organization",
  type: ACTIVITY_TYPES.create_sub_organization,
  resource: "ORGANIZATION",
  action: "CREATE",
  alsoAccepts: ["ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7"],
  intentKey: "createSubOrganizationIntentV8",
  resultKey: "createSubOrganizationResultV8",
  summary: "Create a sub-organization with its root users, their credentials and its root quorum",
  params: ZCreateSubOrganizationParams,
  result: z.object({
    subOrganizationId: z.string(),
    rootUserIds: z.array(z.string()),
    wallet: z.object({ walletId: z.string(), addresses: z.array(z.string()) }).optional(),
  }),
  async execute({ app, tx, organization, now }, params) {
    if (params.rootQuorumThreshold > params.rootUsers.length) {
      throw invalid(
        `parameters.rootQuorumThreshold (${params.rootQuorumThreshold}) cannot exceed the number of root users (${params.rootUsers.length})`,
        "parameters.rootQuorumThreshold",
      );
    }
    if (params.verificationToken !== undefined || params.clientSignature !== undefined) {
      throw invalid(
        "parameters.verificationToken/clientSignature: OTP sign-up is not available yet",
        "parameters.verificationToken",
      );
    }
    const subOrganizationId = await insertOrganization(tx, {
      name: params.subOrganizationName,
      parentOrganizationId: organization.id,
      now,
    });
    const rootUserIds = await insertUsers(
      app,
      tx,
      subOrganizationId,
      params.rootUsers.map((u) => ({ ...u, userTags: [] })),
      now,
      "parameters.rootUsers",
    );
    await tx
      .update(organizations)
      .set({ rootUserIds, rootQuorumThreshold: params.rootQuorumThreshold })
      .where(eq(organizations.id, subOrganizationId));
    if (!params.wallet) return { subOrganizationId, rootUserIds };
    // The wallet belongs to the new sub-organization: its mnemonic is sealed under that organization.
    const wallet = await insertWallet(tx, subOrganizationId, params.wallet.walletName, now, {
      imported: false,
    });
    const words = (params.wallet.mnemonicLength ?? 12) as 12 | 15 | 18 | 21 | 24;
    await createWalletSecret(
      tx,
      app.keyring,
      { walletId: wallet.id, organizationId: subOrganizationId },
      words,
      now,
    );
    const addresses = await addAccounts(app, tx, wallet, params.wallet.accounts, now);
    return { subOrganizationId, rootUserIds, wallet: { walletId: wallet.id, addresses } };
  },
});
