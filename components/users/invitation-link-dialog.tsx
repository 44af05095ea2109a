"use client";

import { Alert } from "../ui/alert";
import { CopyButton } from "../ui/copy-button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../ui/dialog";

/** The invitation link, shown once: it holds a key that acts as the user until it is used. */
export function InvitationLinkDialog({
  userName,
  link,
  onClose,
}: {
  userName: string;
  link: string;
  onClose(): void;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Invitation link for {userName}</DialogTitle>
        <DialogDescription>
          Opening it, {userName} creates a passkey on their device and signs in. The link works once.
        </DialogDescription>
        <div className="flex items-start gap-2 rounded-md bg-muted p-3">
          <p className="min-w-0 flex-1 break-all font-mono text-xs" data-testid="invitation-link">
            {link}
          </p>
          <CopyButton value={link} label="Copy invitation link" />
        </div>
        <Alert role="note">
          Anyone with this link can act as {userName} until it is used, or for 24 hours. Send it over a
          channel you trust. It is shown only now: this page keeps no copy.
        </Alert>
      </DialogContent>
    </Dialog>
  );
}
