"use client";

import { useNotifications, useVoteNotificationsSetting } from "@/lib/queries/notifications";
import { Alert } from "../ui/alert";
import { Card } from "../ui/card";
import { Checkbox } from "../ui/checkbox";

/**
 * The user's own switches for vote notifications and their e-mails (sent to the user's address,
 * when it has one); changing either is signed by the passkey.
 */
export function NotificationSettings() {
  const list = useNotifications();
  const setting = useVoteNotificationsSetting();
  return (
    <Card className="grid gap-2">
      <h2 className="text-lg font-semibold">Notifications</h2>
      <Checkbox
        label="Tell me when an activity waits for my vote"
        className="min-h-11"
        checked={list.data?.voteNeeded ?? true}
        disabled={!list.data || setting.isPending}
        onChange={(event) => setting.mutate({ voteNeeded: event.target.checked })}
      />
      <Checkbox
        label="Also e-mail them to me"
        className="min-h-11"
        checked={(list.data?.voteNeeded ?? true) && (list.data?.voteNeededEmail ?? true)}
        disabled={!list.data?.voteNeeded || setting.isPending}
        onChange={(event) => setting.mutate({ voteNeededEmail: event.target.checked })}
      />
      {setting.error && <Alert>{setting.error.message}</Alert>}
    </Card>
  );
}
