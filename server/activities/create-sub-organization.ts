import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateSubOrganizationParams } from "@/lib/api/organizations";
import { organizations } from "../db/schema";
import { invalid } from "../errors";
import { verifyUsersIdentities } from "../oidc/provider-params";
import { insertOrganization } from "../organizations/create";
import { createWalletSecret } from "../signer/wallet-secrets";
import { insertUsers } from "../users/create";
import { addAccounts } from "../wallets/accounts";
import { insertWallet } from "../wallets/create";
import { defineActivity } from "./define";
import { count, nameList } from "./summary-text";

export const createSubOrganization = defineActivity({
  path: "create_sub_organization",
  type: ACTIVITY_TYPES.create_sub_organization,
  resource: "ORGANIZATION",
  action: "CREATE",
  alsoAccepts: ["ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7"],
  intentKey: "createSubOrganizationIntentV8",
  resultKey: "createSubOrganizationResultV8",
  summary: "Create a sub-organization with its root users, their credentials and its root quorum",
  describe: (p) =>
    `Create sub-organization ${p.subOrganizationName} with ${p.rootQuorumThreshold} of ${count(p.rootUsers.length, "root user")}: ${nameList(p.rootUsers.map((u) => u.userName))}${p.wallet ? ` and wallet ${p.wallet.walletName}` : ""}`,
  params: ZCreateSubOrganizationParams,
  result: z.object({
    subOrganizationId: z.string(),
    rootUserIds: z.array(z.string()),
    wallet: z.object({ walletId: z.string(), addresses: z.array(z.string()) }).optional(),
  }),
  needsBeforeTransaction: (params) => params.rootUsers.some((u) => u.oauthProviders.length > 0),
  async beforeTransaction(app, params) {
    await verifyUsersIdentities(app, params.rootUsers, "parameters.rootUsers");
  },
  async execute({ app, tx, organization, now, submittedAt }, params) {
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
      leaveOutFeatures: [
        ...(params.disableOtpEmailAuth ? (["FEATURE_NAME_OTP_EMAIL_AUTH"] as const) : []),
        ...(params.disableEmailAuth ? (["FEATURE_NAME_EMAIL_AUTH"] as const) : []),
        ...(params.disableEmailRecovery ? (["FEATURE_NAME_EMAIL_RECOVERY"] as const) : []),
        ...(params.disableSmsAuth ? (["FEATURE_NAME_SMS_AUTH"] as const) : []),
      ],
    });
    const rootUserIds = await insertUsers(
      app,
      tx,
      subOrganizationId,
      params.rootUsers.map((u) => ({ ...u, userTags: [] })),
      // The parent asked for the challenges: the sub-organization did not exist yet.
      { organizationId: organization.id, now, submittedAt, require: app.config.requireRegistrationChallenge },
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
