"use client";

import { Check, X } from "lucide-react";
import type { TActivity } from "@/lib/api/activity";
import { useDecision } from "@/lib/queries/activities";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

/** Approve / Reject, each signed by the passkey itself: one prompt per decision. */
export function DecisionButtons({ activity }: { activity: TActivity }) {
  const decide = useDecision(activity);
  if (!activity.canApprove && !activity.canReject) return null;
  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        {activity.canApprove && (
          <Button onClick={() => decide.mutate("approve")} disabled={decide.isPending}>
            <Check className="h-4 w-4" /> Approve
          </Button>
        )}
        {activity.canReject && (
          <Button variant="destructive" onClick={() => decide.mutate("reject")} disabled={decide.isPending}>
            <X className="h-4 w-4" /> Reject
          </Button>
        )}
      </div>
      {decide.error && <Alert>{decide.error.message}</Alert>}
    </div>
  );
}
