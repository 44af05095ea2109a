"use client";

import { type FormEvent, useState } from "react";
import type { TQuorum } from "@/lib/api/organizations";
import type { TUser } from "@/lib/api/users";
import { quorumChanged, quorumProblems, quorumWarnings } from "@/lib/client/root-quorum";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

/**
 * Choose the root users and how many of them must approve a root change (update_root_quorum).
 * The change is itself decided by the current quorum: with a threshold above 1 it waits for the
 * other root users' approvals, which the outcome below links to.
 */
export function RootQuorumForm({ users, quorum }: { users: TUser[]; quorum: TQuorum }) {
  const session = useSession();
  const [userIds, setUserIds] = useState(quorum.userIds);
  const [threshold, setThreshold] = useState(String(quorum.threshold));
  const update = useActivityMutation<TQuorum>(
    "update_root_quorum",
    (draft) => ({ userIds: draft.userIds, threshold: draft.threshold }),
    ["organization"],
  );
  const draft = { userIds, threshold: Number(threshold) };
  const problems = quorumProblems(draft);
  const warnings = quorumWarnings(draft, session.userId);
  const changed = quorumChanged(draft, quorum);
  const toggle = (userId: string, on: boolean) =>
    setUserIds((ids) => (on ? [...ids, userId] : ids.filter((id) => id !== userId)));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problems.length === 0 && changed) update.mutate(draft);
  };
  return (
    <form className="grid max-w-xl gap-4" onSubmit={onSubmit} aria-label="Root quorum">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Root users</legend>
        {users.map((user) => (
          <Checkbox
            key={user.userId}
            name="rootUser"
            value={user.userId}
            checked={userIds.includes(user.userId)}
            onChange={(event) => toggle(user.userId, event.currentTarget.checked)}
            label={
              <span>
                {user.userName}
                {user.userId === session.userId && <span className="text-muted-foreground"> (you)</span>}
              </span>
            }
          />
        ))}
      </fieldset>
      <div className="grid max-w-48 gap-1.5">
        <Label htmlFor="quorumThreshold">Approvals needed</Label>
        <Input
          id="quorumThreshold"
          type="number"
          min={1}
          max={Math.max(1, userIds.length)}
          value={threshold}
          onChange={(event) => setThreshold(event.currentTarget.value)}
        />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="quorum-summary">
        A root change needs {draft.threshold} of {userIds.length} root user{userIds.length === 1 ? "" : "s"}.
      </p>
      {problems.map((problem) => (
        <Alert key={problem}>{problem}</Alert>
      ))}
      {warnings.map((warning) => (
        <Alert key={warning} tone="info">
          {warning}
        </Alert>
      ))}
      <div>
        <Button type="submit" disabled={update.isPending || problems.length > 0 || !changed}>
          Update root quorum
        </Button>
      </div>
      <ActivityOutcome activity={update.data} error={update.error} />
    </form>
  );
}
