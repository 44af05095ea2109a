import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteInvitationParams } from "@/lib/api/invitations";
import { invitations } from "../db/schema";
import { ApiError, notFound } from "../errors";
import { defineActivity } from "./define";

/** Withdraw a pending invitation: signing in with its address no longer creates a user. */
export const deleteInvitation = defineActivity({
  path: "delete_invitation",
  type: ACTIVITY_TYPES.delete_invitation,
  resource: "INVITATION",
  action: "DELETE",
  intentKey: "deleteInvitationIntent",
  resultKey: "deleteInvitationResult",
  describe: (p) => `Withdraw invitation ${p.invitationId}`,
  summary: "Withdraw a pending invitation",
  params: ZDeleteInvitationParams,
  result: z.object({ invitationId: z.string() }),
  async execute({ tx, organization }, params) {
    const where = and(
      eq(invitations.organizationId, organization.id),
      eq(invitations.id, params.invitationId),
    );
    const [row] = await tx.select().from(invitations).where(where).for("update");
    if (!row) throw notFound("invitation", params.invitationId);
    if (row.status !== "PENDING") {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "INVITATION_ACCEPTED",
        `invitation ${row.id} was already accepted by user ${row.acceptedUserId}; delete the user instead`,
      );
    }
    await tx.delete(invitations).where(where);
    return { invitationId: row.id };
  },
});
