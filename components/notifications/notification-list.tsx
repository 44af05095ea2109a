"use client";

import Link from "next/link";
import { formatTimestamp } from "@/lib/client/format";
import { useMarkAllRead, useNotifications } from "@/lib/queries/notifications";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card } from "../ui/card";

/** The signed-in user's notifications, newest first, each a link to the activity it is about. */
export function NotificationList() {
  const list = useNotifications();
  const markRead = useMarkAllRead();
  if (list.error) return <Alert>{list.error.message}</Alert>;
  if (!list.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const { notifications, unreadCount, voteNeeded } = list.data;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          {unreadCount} unread.{" "}
          {voteNeeded ? "" : "Vote notifications are off (turn them on under Your passkeys)."}
        </p>
        <Button
          variant="outline"
          className="min-h-11"
          disabled={unreadCount === 0 || markRead.isPending}
          onClick={() => markRead.mutate()}
        >
          Mark all read
        </Button>
      </div>
      {markRead.error && <Alert>{markRead.error.message}</Alert>}
      {notifications.length === 0 && <p className="text-sm text-muted-foreground">No notifications yet.</p>}
      <ul className="grid gap-2">
        {notifications.map((n) => (
          <li key={n.notificationId}>
            <Card className="grid gap-1" data-testid="notification" data-read={n.read}>
              <Link
                href={`/activities/${n.activityId}`}
                className="break-words underline-offset-2 hover:underline"
              >
                {n.read ? "" : "● "}Your vote is needed: {n.summary}
              </Link>
              <span className="text-xs text-muted-foreground">{formatTimestamp(n.createdAt)}</span>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
