import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateInvitationsParams } from "@/lib/api/invitations";
import { invitations } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";
import { renderInvitationEmail } from "../mail/invitation-email";
import { enqueueEmail } from "../mail/outbox";
import { findTags, tagsNotFound } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";
import { requireInvitableAccess } from "../users/access-type";
import { findUser } from "../users/find";
import { defineActivity } from "./define";

/**
 * Invite people by e-mail: each invitation is kept PENDING and mailed to the invitee with a link to
 * the dashboard's sign-in; the first sign-in with a code sent to that address accepts it and
 * creates the user with the invited name, tags and access type. Nothing is created before the address
 * is proven.
 */
export const createInvitations = defineActivity({
  path: "create_invitations",
  type: ACTIVITY_TYPES.create_invitations,
  resource: "INVITATION",
  action: "CREATE",
  intentKey: "createInvitationsIntent",
  resultKey: "createInvitationsResult",
  describe: (p) =>
    `Invite ${p.invitations.map((i) => `${i.receiverUserName} <${i.receiverUserEmail}>`).join(", ")}`,
  summary: "Invite people by e-mail; each accepts by signing in to the dashboard with an e-mailed code",
  params: ZCreateInvitationsParams,
  result: z.object({ invitationIds: z.array(z.string()) }),
  async execute({ app, tx, organization, now, afterCommit }, params) {
    const named = [...new Set(params.invitations.flatMap((i) => i.receiverUserTags))];
    const known = new Set((await findTags(tx, organization.id, USER_TAGS, named)).map((tag) => tag.id));
    const invitationIds: string[] = [];
    for (const [i, invitation] of params.invitations.entries()) {
      requireInvitableAccess(invitation.accessType, `parameters.invitations[${i}].accessType`);
      const missing = invitation.receiverUserTags.filter((id) => !known.has(id));
      if (missing.length > 0)
        throw tagsNotFound(USER_TAGS, missing, `parameters.invitations[${i}].receiverUserTags`);
      const sender = await findUser(tx, organization.id, invitation.senderUserId);
      if (!sender) throw notFound("sender user", invitation.senderUserId);
      const email = invitation.receiverUserEmail.toLowerCase();
      const id = newId(now.getTime());
      await tx.insert(invitations).values({
        id,
        organizationId: organization.id,
        receiverUserName: invitation.receiverUserName,
        receiverEmail: email,
        receiverUserTags: invitation.receiverUserTags,
        accessType: invitation.accessType,
        senderUserId: sender.id,
        status: "PENDING",
        createdAt: now,
        updatedAt: now,
      });
      const link = new URL("/login", app.config.origins[0]);
      link.searchParams.set("organizationId", organization.id);
      link.searchParams.set("email", email);
      const mail = renderInvitationEmail({
        appName: app.config.rpName,
        senderName: sender.name,
        organizationName: organization.name,
        link: link.toString(),
      });
      await enqueueEmail(
        tx,
        app.keyring,
        {
          organizationId: organization.id,
          purpose: "INVITATION",
          from: app.config.mail.from,
          to: email,
          ...mail,
        },
        { now, maxAttempts: app.config.mail.maxAttempts },
      );
      invitationIds.push(id);
    }
    afterCommit(() => app.jobWake.notify());
    return { invitationIds };
  },
});
