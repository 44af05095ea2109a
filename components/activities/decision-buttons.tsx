"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import type { TActivity } from "@/lib/api/activity";
import { submit } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

const DECISIONS = { approve: "approve_activity", reject: "reject_activity" } as const;

/** Approve / Reject, each signed by the passkey itself: one prompt per decision. */
export function DecisionButtons({ activity }: { activity: TActivity }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: keyof typeof DECISIONS) =>
      submit(
        session.organizationId,
        DECISIONS[decision],
        { fingerprint: activity.fingerprint },
        { passkey: true },
      ),
    onSuccess: (updated) => {
      queryClient.setQueryData(["activity", activity.id], { activity: updated });
      queryClient.invalidateQueries({ queryKey: ["activities"] });
    },
  });
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
