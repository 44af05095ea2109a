"use client";

import Link from "next/link";
import type { TActivity } from "@/lib/api/activity";
import { Alert } from "./alert";

/**
 * What became of a submitted change, when it is not simply done: an error, or an activity that
 * waits for other root users to approve it.
 */
export function ActivityOutcome({
  activity,
  error,
  className,
}: {
  activity?: TActivity;
  error?: Error | null;
  className?: string;
}) {
  if (error) return <Alert className={className}>{error.message}</Alert>;
  if (activity?.status !== "ACTIVITY_STATUS_CONSENSUS_NEEDED") return null;
  return (
    <Alert tone="info" className={className}>
      Submitted; it takes effect once enough root users approve it.{" "}
      <Link className="font-medium underline underline-offset-2" href={`/activities/${activity.id}`}>
        View the activity
      </Link>
    </Alert>
  );
}
