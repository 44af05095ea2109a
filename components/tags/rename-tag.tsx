"use client";

import { Pencil } from "lucide-react";
import { useState } from "react";
import type { TTag } from "@/lib/api/tags";
import { useZodForm } from "@/lib/client/use-zod-form";
import { TAG_NAME_FORMS, useRenameTag } from "@/lib/queries/tags";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { FieldError, fieldErrorProps } from "../ui/field";
import { Input } from "../ui/input";
import type { TagKind } from "./tag-kinds";

/** The tag's name, which turns into a small form when "Rename" is pressed. */
export function RenameTag({ kind, tag }: { kind: TagKind; tag: TTag }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameTag(kind.id, tag.tagId);
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
  return <RenameForm kind={kind} tag={tag} rename={rename} onDone={() => setEditing(false)} />;
}

/** Mounted only while editing: each edit starts from the tag's current name. */
function RenameForm({
  kind,
  tag,
  rename,
  onDone,
}: {
  kind: TagKind;
  tag: TTag;
  rename: ReturnType<typeof useRenameTag>;
  onDone(): void;
}) {
  const form = useZodForm(TAG_NAME_FORMS[kind.id], { tagName: tag.tagName });
  const id = `rename-${tag.tagId}`;
  const name = fieldErrorProps(form, "tagName", id);
  const onSubmit = form.handleSubmit((renamed) => rename.mutate(renamed, { onSuccess: onDone }));
  return (
    <form className="grid gap-1" onSubmit={onSubmit} noValidate>
      <span className="flex items-center gap-1">
        <Input
          id={id}
          aria-label={`New name for ${tag.tagName}`}
          className="h-8"
          autoFocus
          {...name.inputProps}
          {...form.register("tagName")}
        />
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </span>
      <FieldError id={name.errorId} message={name.message} />
      <ActivityOutcome activity={rename.data} error={rename.error} />
    </form>
  );
}
