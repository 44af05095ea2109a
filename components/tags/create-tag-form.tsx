"use client";

import type { FormEvent } from "react";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import type { TagKind } from "./tag-kinds";

/** A new tag of the kind, on nothing yet (keys and users are tagged where they are created). */
export function CreateTagForm({ kind }: { kind: TagKind }) {
  const create = useActivityMutation<string>(kind.create.path, kind.create.parameters, [kind.queryKey]);
  const id = `new-${kind.id}-tag`;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate(String(new FormData(form).get(id)).trim(), { onSuccess: () => form.reset() });
  };
  return (
    <form className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={onSubmit}>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>New {kind.noun}</Label>
        <Input id={id} name={id} required maxLength={256} />
      </div>
      <Button type="submit" disabled={create.isPending}>
        Create tag
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={create.data} error={create.error} />
    </form>
  );
}
