"use client";

import type { TPolicy } from "@/lib/api/policies";
import { useDeletePolicy } from "@/lib/queries/policies";
import { ActivityOutcome } from "../ui/activity-outcome";
import { ConfirmDelete } from "../ui/confirm-delete";
import { HistoryPreview } from "./history-preview";

/**
 * A trash button that asks first, offering to replay history without the policy (what its
 * deletion would change); the passkey prompt that follows signs delete_policy.
 */
export function DeletePolicyButton({ policy, onDeleted }: { policy: TPolicy; onDeleted?(): void }) {
  const remove = useDeletePolicy();
  const confirm = () =>
    remove.mutate(policy.policyId, {
      onSuccess: (activity) => {
        if (activity.status === "ACTIVITY_STATUS_COMPLETED") onDeleted?.();
      },
    });
  return (
    <>
      <ConfirmDelete
        what={`policy ${policy.policyName}`}
        consequence="Activities it allowed will need another policy (or the root quorum); activities it denied may go through. Past decisions stay recorded."
        disabled={remove.isPending}
        onConfirm={confirm}
        wide
      >
        <HistoryPreview draft={{ remove: [policy.policyId] }} />
      </ConfirmDelete>
      <ActivityOutcome className="basis-full" activity={remove.data} error={remove.error} />
    </>
  );
}
