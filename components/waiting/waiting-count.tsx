"use client";

import { useWaitingForYou } from "@/lib/queries/waiting";

/** The sidebar's count of activities awaiting the signed-in user's vote; nothing when there are none. */
export function WaitingCount() {
  const count = useWaitingForYou().data?.length ?? 0;
  return (
    <span
      className={
        count ? "ml-auto rounded-full bg-primary px-2 text-xs font-medium text-primary-foreground" : "sr-only"
      }
      data-testid="waiting-count"
    >
      {count}
      <span className="sr-only"> waiting for your vote</span>
    </span>
  );
}
