"use client";

import { type FormEvent, useState } from "react";
import type { TPolicy } from "@/lib/api/policies";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { HistoryPreview } from "./history-preview";
import { draftOf, EMPTY_DRAFT, type PolicyDraft, simulationDraft, updateParams } from "./policy-draft";
import { PolicyFields } from "./policy-fields";
import { useExpressionCheck } from "./use-expression-check";
import { useSavePolicy } from "./use-save-policy";

/**
 * Write a new policy, or change `policy`: the expressions are checked as they are typed, the draft
 * can be replayed against past activities before it is saved, and saving is a passkey-signed
 * activity (which may wait for consensus, like any change).
 */
export function PolicyEditor({ policy }: { policy?: TPolicy }) {
  const [draft, setDraft] = useState<PolicyDraft>(policy ? draftOf(policy) : EMPTY_DRAFT);
  const checks = {
    condition: useExpressionCheck("condition", draft.condition),
    consensus: useExpressionCheck("consensus", draft.consensus),
  };
  const save = useSavePolicy(policy);
  const invalid = Object.values(checks).some((c) => c.state === "invalid" || c.state === "checking");
  const unchanged = policy !== undefined && Object.keys(updateParams(policy, draft)).length === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: (activity) => {
        if (!policy && activity.status === "ACTIVITY_STATUS_COMPLETED") setDraft(EMPTY_DRAFT);
      },
    });
  };
  return (
    <form className="grid max-w-3xl gap-4" onSubmit={onSubmit}>
      <PolicyFields draft={draft} checks={checks} onChange={(change) => setDraft({ ...draft, ...change })} />
      <ActivityOutcome activity={save.data} error={save.error} />
      <HistoryPreview
        draft={simulationDraft(draft, policy)}
        disabled={invalid || unchanged}
        actions={
          <Button type="submit" disabled={save.isPending || invalid || unchanged || !draft.policyName.trim()}>
            {save.isPending ? "Waiting for your passkey…" : policy ? "Save changes" : "Create policy"}
          </Button>
        }
      />
    </form>
  );
}
