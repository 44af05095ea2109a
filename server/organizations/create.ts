import type { TFeatureName } from "@/lib/api/features";
import type { Tx } from "../db/client";
import { organizations } from "../db/schema";
import { newId } from "../ids";
import { insertDefaultFeatures } from "./features";

/** Insert an organization row; its root quorum is filled in once its users exist. */
export async function insertOrganization(
  tx: Tx,
  input: {
    name: string;
    parentOrganizationId: string | null;
    now: Date;
    /** Default features this organization starts without (create_sub_organization's disable* flags). */
    leaveOutFeatures?: readonly TFeatureName[];
  },
): Promise<string> {
  const id = newId(input.now.getTime());
  await tx.insert(organizations).values({
    id,
    name: input.name,
    parentOrganizationId: input.parentOrganizationId,
    rootQuorumThreshold: 1,
    rootUserIds: [],
    createdAt: input.now,
    updatedAt: input.now,
  });
  await insertDefaultFeatures(tx, id, input.now, input.leaveOutFeatures);
  return id;
}
