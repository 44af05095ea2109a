"use client";

import type { TPolicy } from "@/lib/api/policies";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useSavePolicy } from "@/lib/queries/policies";
import { draftOf, EMPTY_DRAFT, simulationDraft, updateParams, ZPolicyForm } from "@/lib/queries/policy-draft";
import { useExpressionCheck } from "@/lib/queries/policy-expression";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { HistoryPreview } from "./history-preview";
import { PolicyFields } from "./policy-fields";

/**
 * Write a new policy, or change `policy`: the fields are checked with the server's schema, the
 * expressions by the server itself as they are typed; the draft can be replayed against past
 * activities before it is saved, and saving is a passkey-signed activity (which may wait for
 * consensus, like any change).
 */
export function PolicyEditor({ policy }: { policy?: TPolicy }) {
  const form = useZodForm(ZPolicyForm, policy ? draftOf(policy) : EMPTY_DRAFT);
  // Every keystroke: the expression checks and the history test follow the text on screen.
  const draft = form.watch();
  const checks = {
    condition: useExpressionCheck("condition", draft.condition),
    consensus: useExpressionCheck("consensus", draft.consensus),
  };
  const save = useSavePolicy(policy);
  const invalid = Object.values(checks).some((c) => c.state === "invalid" || c.state === "checking");
  const unchanged = policy !== undefined && Object.keys(updateParams(policy, draft)).length === 0;
  const onSubmit = form.handleSubmit((valid) =>
    save.mutate(valid, {
      onSuccess: (activity) => {
        if (!policy && activity.status === "ACTIVITY_STATUS_COMPLETED") form.reset(EMPTY_DRAFT);
      },
    }),
  );
  return (
    <form className="grid max-w-3xl gap-4" onSubmit={onSubmit} noValidate>
      <PolicyFields form={form} checks={checks} />
      <ActivityOutcome activity={save.data} error={save.error} />
      <HistoryPreview
        draft={simulationDraft(draft, policy)}
        disabled={invalid || unchanged}
        actions={
          <Button type="submit" disabled={save.isPending || invalid || unchanged}>
            {save.isPending ? "Waiting for your passkey…" : policy ? "Save changes" : "Create policy"}
          </Button>
        }
      />
    </form>
  );
}
