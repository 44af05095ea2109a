"use client";

import { Trash2 } from "lucide-react";
import type { TPolicy } from "@/lib/api/policies";
import { ActivityOutcome } from "../dashboard/activity-outcome";
import { useActivityMutation } from "../dashboard/use-activity-mutation";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../ui/alert-dialog";
import { Button } from "../ui/button";
import { HistoryPreview } from "./history-preview";
import { POLICY_LIST } from "./use-policies";

/**
 * A trash button that asks first, offering to replay history without the policy (what its
 * deletion would change); the passkey prompt that follows signs delete_policy.
 */
export function DeletePolicyButton({ policy, onDeleted }: { policy: TPolicy; onDeleted?(): void }) {
  const remove = useActivityMutation<string>(
    "delete_policy",
    "ACTIVITY_TYPE_DELETE_POLICY",
    (policyId) => ({ policyId }),
    [POLICY_LIST],
  );
  const confirm = () =>
    remove.mutate(policy.policyId, {
      onSuccess: (activity) => {
        if (activity.status === "ACTIVITY_STATUS_COMPLETED") onDeleted?.();
      },
    });
  return (
    <>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete policy ${policy.policyName}`}
            disabled={remove.isPending}
          >
            <Trash2 className="h-4 w-4" />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent className="max-h-[calc(100vh-2rem)] max-w-3xl overflow-y-auto">
          <AlertDialogTitle>Delete policy {policy.policyName}?</AlertDialogTitle>
          <AlertDialogDescription>
            Activities it allowed will need another policy (or the root quorum); activities it denied may go
            through. Past decisions stay recorded.
          </AlertDialogDescription>
          <HistoryPreview draft={{ remove: [policy.policyId] }} />
          <div className="flex justify-end gap-2">
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button variant="destructive" onClick={confirm}>
                Delete
              </Button>
            </AlertDialogAction>
          </div>
        </AlertDialogContent>
      </AlertDialog>
      <ActivityOutcome className="basis-full" activity={remove.data} error={remove.error} />
    </>
  );
}
