"use client";

import { UserPlus } from "lucide-react";
import type { TUser } from "@/lib/api/users";
import { invitationLink } from "@/lib/client/invitation-link";
import { useSession } from "@/lib/client/session-context";
import { type InvitationKeyPair, useInviteUser } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { InvitationLinkDialog } from "./invitation-link-dialog";

// Loaded on demand, as for exports: the users page need not carry a P-256 library until someone invites.
const newKeyPair = async (): Promise<InvitationKeyPair> =>
  (await import("@turnkey/crypto")).generateP256KeyPair();

/**
 * Invite a user to make their own passkey: the browser makes a key pair, registers its public half
 * as an API key of that user that lives a day, and puts the private half in a link, once. Nothing
 * keeps the private key: closing the dialog forgets it.
 */
export function InviteUser({ user }: { user: TUser }) {
  const session = useSession();
  const invite = useInviteUser(user.userId);
  // Only a key that is registered now makes a working link; one waiting for approval would not.
  const link =
    invite.data?.status === "ACTIVITY_STATUS_COMPLETED" && invite.variables
      ? invitationLink(window.location.origin, {
          organizationId: session.organizationId,
          userId: user.userId,
          privateKey: invite.variables.privateKey,
        })
      : undefined;
  const waiting = invite.data?.status === "ACTIVITY_STATUS_CONSENSUS_NEEDED";
  return (
    <div className="grid justify-items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        aria-label={`Invite ${user.userName}`}
        disabled={invite.isPending}
        onClick={async () => invite.mutate(await newKeyPair())}
      >
        <UserPlus className="h-4 w-4" /> {invite.isPending ? "Inviting…" : "Invite"}
      </Button>
      <ActivityOutcome className="max-w-72 text-left" activity={invite.data} error={invite.error} />
      {waiting && (
        <p className="max-w-72 text-left text-xs text-muted-foreground">
          No link was made: the invitation's key would work only after that approval.
        </p>
      )}
      {link && <InvitationLinkDialog userName={user.userName} link={link} onClose={() => invite.reset()} />}
    </div>
  );
}
