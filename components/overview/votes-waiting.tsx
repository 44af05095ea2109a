"use client";

import Link from "next/link";
import { useWaitingActivities } from "@/lib/queries/overview";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardTitle } from "../ui/card";

/** How many activities wait for votes, and how many of them the signed-in user can decide. */
export function VotesWaiting() {
  const waiting = useWaitingActivities();
  const all = waiting.data ?? [];
  const yours = all.filter((a) => a.canApprove || a.canReject).length;
  // list_activities gives at most a page; a full page means "at least that many".
  const shown = (n: number) => (all.length >= 100 ? `${n}+` : String(n));
  return (
    <Card className="grid content-start gap-3 max-sm:p-4" data-testid="votes-waiting">
      <CardTitle>Votes waiting</CardTitle>
      {waiting.error && <Alert>{waiting.error.message}</Alert>}
      {waiting.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : (
        <p className="text-sm">
          <span className="text-2xl font-semibold" data-testid="overview-waiting-count">
            {shown(all.length)}
          </span>{" "}
          {all.length === 1 ? "activity needs" : "activities need"} consensus;{" "}
          <span className="font-medium" data-testid="waiting-for-you">
            {shown(yours)}
          </span>{" "}
          can take your vote.
        </p>
      )}
      <Button variant="outline" asChild className="justify-self-start">
        <Link href="/activities?status=ACTIVITY_STATUS_CONSENSUS_NEEDED">See them</Link>
      </Button>
    </Card>
  );
}
