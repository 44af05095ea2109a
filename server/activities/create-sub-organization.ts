import { eq } from "drizzle-orm";
import { z } from "zod";
import { ZCreateSubOrganizationParams } from "@/lib/api/organizations";
import { invalid } from "../api/errors";
import { organizations } from "../db/schema";
import { insertOrganization } from "../organizations/create";
import { insertUsers } from "../users/create";
import { defineActivity } from "./define";

export const createSubOrganization = defineActivity({
  path: "create_sub_organization",
  type: "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
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
    if (params.wallet !== undefined) {
      throw invalid(
        "parameters.wallet: creating a wallet with a sub-organization is not available yet; create the wallet afterwards",
        "parameters.wallet",
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
    return { subOrganizationId, rootUserIds };
  },
});
