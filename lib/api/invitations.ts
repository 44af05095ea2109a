import { z } from "zod";
import { ZId, ZName } from "./common";
import { ZEmail } from "./users";

export const ZInvitationParams = z.object({
  receiverUserName: ZName,
  receiverUserEmail: ZEmail,
  receiverUserTags: z.array(ZId).max(100),
  accessType: z.enum(["ACCESS_TYPE_WEB", "ACCESS_TYPE_API", "ACCESS_TYPE_ALL"]),
  senderUserId: ZId,
});
export const ZCreateInvitationsParams = z.object({
  invitations: z.array(ZInvitationParams).min(1, "must name at least one invitation").max(100),
});
export const ZDeleteInvitationParams = z.object({ invitationId: ZId });
