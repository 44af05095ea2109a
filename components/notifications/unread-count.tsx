"use client";

import { useNotifications } from "@/lib/queries/notifications";

/** The sidebar's unread count; hidden from sight (not from screen readers) when zero. */
export function UnreadCount() {
  const count = useNotifications().data?.unreadCount ?? 0;
  return (
    <span
      className={
        count
          ? "ml-auto rounded-full bg-muted-foreground px-2 text-xs font-medium text-background"
          : "sr-only"
      }
      data-testid="unread-count"
    >
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
