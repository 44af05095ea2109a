"use client";

import { Check, X } from "lucide-react";
import { useState } from "react";
import type { TActivity } from "@/lib/api/activity";
import { type TDecision, useDecision } from "@/lib/queries/activities";
import { useDescriptions } from "@/lib/queries/waiting";
import { Alert } from "../ui/alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { DecodedContent } from "./decoded-content";

/**
 * Approve / Reject. Each first shows what is being decided — the summary and the decoded content —
 * and only the confirmation asks the passkey to sign the vote (one prompt per decision).
 */
export function DecisionButtons({ activity }: { activity: TActivity }) {
  const decide = useDecision(activity);
  const [asking, setAsking] = useState<TDecision | undefined>();
  const described = useDescriptions([activity.id]).data?.[activity.id];
  if (!activity.canApprove && !activity.canReject) return null;
  const confirm = () => {
    if (asking) decide.mutate(asking);
    setAsking(undefined);
  };
  return (
    <div className="grid gap-2 max-sm:w-full">
      {/* On a phone the two answers share the width: large, side by side, right under the title. */}
      <div className="flex gap-2 max-sm:grid max-sm:grid-cols-2">
        {activity.canApprove && (
          <Button className="min-h-11" onClick={() => setAsking("approve")} disabled={decide.isPending}>
            <Check className="h-4 w-4" /> Approve
          </Button>
        )}
        {activity.canReject && (
          <Button
            className="min-h-11"
            variant="destructive"
            onClick={() => setAsking("reject")}
            disabled={decide.isPending}
          >
            <X className="h-4 w-4" /> Reject
          </Button>
        )}
      </div>
      {decide.error && <Alert>{decide.error.message}</Alert>}
      <AlertDialog open={asking !== undefined} onOpenChange={(open) => !open && setAsking(undefined)}>
        <AlertDialogContent className="max-h-[calc(100vh-2rem)] max-w-2xl overflow-y-auto">
          <AlertDialogTitle>{asking === "reject" ? "Reject" : "Approve"} this activity?</AlertDialogTitle>
          <AlertDialogDescription data-testid="confirm-summary">
            {described?.summary ?? "Loading the summary…"}
          </AlertDialogDescription>
          {described?.decoded.map((content, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: payloads keep their order
            <DecodedContent key={i} content={content} />
          ))}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialogCancel asChild>
              <Button variant="outline" className="min-h-11">
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button
              className="min-h-11"
              variant={asking === "reject" ? "destructive" : "default"}
              onClick={confirm}
              disabled={!described}
            >
              {asking === "reject" ? "Reject" : "Approve"} with passkey
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
