"use client";

import { useEffect } from "react";
import type { TQuorum } from "@/lib/api/organizations";
import type { TUser } from "@/lib/api/users";
import { quorumChanged, quorumWarnings } from "@/lib/client/root-quorum";
import { useSession } from "@/lib/client/session-context";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useUpdateRootQuorum, ZRootQuorumForm } from "@/lib/queries/organization";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { FieldError, fieldErrorProps } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

/**
 * Choose the root users and how many of them must approve a root change (update_root_quorum).
 * The change is itself decided by the current quorum: with a threshold above 1 it waits for the
 * other root users' approvals, which the outcome below links to.
 */
export function RootQuorumForm({ users, quorum }: { users: TUser[]; quorum: TQuorum }) {
  const session = useSession();
  const update = useUpdateRootQuorum();
  const form = useZodForm(ZRootQuorumForm, { userIds: quorum.userIds, threshold: String(quorum.threshold) });
  // The rules tie the two fields together (the threshold is bounded by the members), and the
  // button waits on them: the whole draft is checked at every change, not a field on its blur.
  useEffect(() => {
    const watching = form.watch(() => void form.trigger());
    return () => watching.unsubscribe();
  }, [form]);
  const values = form.watch();
  const draft = { userIds: values.userIds, threshold: Number(values.threshold) };
  const warnings = quorumWarnings(draft, session.userId);
  const changed = quorumChanged(draft, quorum);
  const invalid = Object.keys(form.formState.errors).length > 0;
  const members = fieldErrorProps(form, "userIds", "rootUsers");
  const threshold = fieldErrorProps(form, "threshold", "quorumThreshold");
  const onSubmit = form.handleSubmit((next) => changed && update.mutate(next));
  return (
    <form className="grid max-w-xl gap-4" onSubmit={onSubmit} aria-label="Root quorum" noValidate>
      <fieldset className="grid gap-2" aria-describedby={members.inputProps["aria-describedby"]}>
        <legend className="mb-1 text-sm font-medium">Root users</legend>
        {users.map((user) => (
          <Checkbox
            key={user.userId}
            value={user.userId}
            {...form.register("userIds")}
            label={
              <span>
                {user.userName}
                {user.userId === session.userId && <span className="text-muted-foreground"> (you)</span>}
              </span>
            }
          />
        ))}
        <FieldError id={members.errorId} message={members.message} />
      </fieldset>
      <div className="grid max-w-48 gap-1.5">
        <Label htmlFor="quorumThreshold">Approvals needed</Label>
        <Input
          id="quorumThreshold"
          type="number"
          min={1}
          max={Math.max(1, draft.userIds.length)}
          {...threshold.inputProps}
          {...form.register("threshold")}
        />
        <FieldError id={threshold.errorId} message={threshold.message} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="quorum-summary">
        A root change needs {draft.threshold} of {draft.userIds.length} root user
        {draft.userIds.length === 1 ? "" : "s"}.
      </p>
      {warnings.map((warning) => (
        <Alert key={warning} tone="info">
          {warning}
        </Alert>
      ))}
      <div>
        <Button type="submit" disabled={update.isPending || invalid || !changed}>
          Update root quorum
        </Button>
      </div>
      <ActivityOutcome activity={update.data} error={update.error} />
    </form>
  );
}
