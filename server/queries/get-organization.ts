import { asc, eq } from "drizzle-orm";
import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadSmartContractInterfaces } from "../contracts/store";
import { sha256Hex } from "../crypto/sha256-hex";
import { privateKeys, tags, wallets } from "../db/schema";
import { loadFeatures } from "../organizations/features";
import { renderPrivateKeys } from "../private-keys/render";
import { renderTag } from "../tags/render";
import { loadUsers } from "../users/render";
import { renderWallet } from "../wallets/render";
import { defineQuery } from "./define";

export const getOrganization = defineQuery({
  path: "get_organization",
  summary:
    "The organization with its users, root quorum, wallets, private keys, tags and contract interfaces",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.get_organization,
  async run({ app, organization }) {
    const [keyRows, tagRows, walletRows, interfaces] = await Promise.all([
      app.db
        .select()
        .from(privateKeys)
        .where(eq(privateKeys.organizationId, organization.id))
        .orderBy(asc(privateKeys.id)),
      app.db.select().from(tags).where(eq(tags.organizationId, organization.id)).orderBy(asc(tags.id)),
      app.db
        .select()
        .from(wallets)
        .where(eq(wallets.organizationId, organization.id))
        .orderBy(asc(wallets.id)),
      loadSmartContractInterfaces(app.db, organization.id),
    ]);
    return {
      organizationData: {
        organizationId: organization.id,
        name: organization.name,
        users: await loadUsers(app.db, organization.id),
        policies: [],
        privateKeys: await renderPrivateKeys(app.db, keyRows),
        invitations: [],
        tags: tagRows.map(renderTag),
        rootQuorum: { threshold: organization.rootQuorumThreshold, userIds: organization.rootUserIds },
        features: await loadFeatures(app.db, organization.id),
        wallets: walletRows.map(renderWallet),
        smartContractInterfaceReferences: interfaces.map((row) => ({
          smartContractInterfaceId: row.id,
          smartContractAddress: row.address,
          // What the interface was when registered: sha256 of the ABI/IDL exactly as submitted.
          digest: sha256Hex(row.definition),
        })),
      },
    };
  },
});
