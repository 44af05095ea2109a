"use client";

import { Pencil } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { TTag } from "@/lib/api/tags";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import type { TagKind } from "./tag-kinds";

/** The tag's name, which turns into a small form when "Rename" is pressed. */
export function RenameTag({ kind, tag }: { kind: TagKind; tag: TTag }) {
  const [editing, setEditing] = useState(false);
  const rename = useActivityMutation<string>(
    kind.rename.path,
    (name) => kind.rename.parameters(tag.tagId, name),
    [kind.queryKey],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("tagName")).trim();
    rename.mutate(name, { onSuccess: () => setEditing(false) });
  };
  if (!editing) {
    return (
      <span className="flex items-center gap-1">
        <span className="font-medium">{tag.tagName}</span>
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          aria-label={`Rename ${kind.noun} ${tag.tagName}`}
          onClick={() => setEditing(true)}
        >
          <Pencil className="h-3.5 w-3.5" />
        </Button>
        <ActivityOutcome activity={rename.data} />
      </span>
    );
  }
  return (
    <form className="grid gap-1" onSubmit={onSubmit}>
      <span className="flex items-center gap-1">
        <Input
          name="tagName"
          aria-label={`New name for ${tag.tagName}`}
          defaultValue={tag.tagName}
          required
          maxLength={256}
          className="h-8"
          autoFocus
        />
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </span>
      <ActivityOutcome activity={rename.data} error={rename.error} />
    </form>
  );
}
