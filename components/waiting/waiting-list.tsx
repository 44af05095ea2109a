"use client";

import Link from "next/link";
import type { TActivity } from "@/lib/api/activity";
import { activityLabel } from "@/lib/client/format";
import { timeLeft, useDescriptions, useWaitingForYou } from "@/lib/queries/waiting";
import { DecisionButtons } from "../activities/decision-buttons";
import { submitterOf } from "../activities/submitter";
import { Alert } from "../ui/alert";
import { Card } from "../ui/card";

/**
 * Everything awaiting the signed-in user's vote, oldest first (closest to its window closing), as
 * cards: what it asks, who asked, how long is left, and the decision buttons, so a phone needs no
 * table and no sideways scrolling.
 */
export function WaitingList() {
  const waiting = useWaitingForYou();
  const activities = waiting.data ?? [];
  const descriptions = useDescriptions(activities.map((a) => a.id));
  if (waiting.error) return <Alert>{waiting.error.message}</Alert>;
  if (waiting.isPending) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (activities.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="waiting-empty">
        Nothing is waiting for your vote.
      </p>
    );
  }
  return (
    <ul className="grid gap-3">
      {activities.map((activity) => (
        <li key={activity.id}>
          <WaitingCard activity={activity} summary={descriptions.data?.[activity.id]?.summary} />
        </li>
      ))}
    </ul>
  );
}

function WaitingCard({ activity, summary }: { activity: TActivity; summary: string | undefined }) {
  const createdMs = Number(activity.createdAt.seconds) * 1000;
  return (
    <Card className="grid gap-3" data-testid="waiting-item" data-activity-id={activity.id}>
      <div className="grid gap-1">
        <Link
          href={`/activities/${activity.id}`}
          className="font-medium break-words underline-offset-2 hover:underline"
          data-testid="waiting-summary"
        >
          {summary ?? activityLabel(activity.type)}
        </Link>
        <p className="text-sm text-muted-foreground">
          Asked by {submitterOf(activity)} · {new Date(createdMs).toLocaleString()} ·{" "}
          <span data-testid="waiting-time-left">{timeLeft(createdMs, Date.now())}</span>
        </p>
      </div>
      <DecisionButtons activity={activity} />
    </Card>
  );
}
