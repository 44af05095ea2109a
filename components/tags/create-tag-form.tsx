"use client";

import { useZodForm } from "@/lib/client/use-zod-form";
import { TAG_NAME_FORMS, useCreateTag } from "@/lib/queries/tags";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import type { TagKind } from "./tag-kinds";

/** A new tag of the kind, on nothing yet (keys and users are tagged where they are created). */
export function CreateTagForm({ kind }: { kind: TagKind }) {
  const create = useCreateTag(kind.id);
  const form = useZodForm(TAG_NAME_FORMS[kind.id], { tagName: "" });
  const onSubmit = form.handleSubmit((tag) => create.mutate(tag, { onSuccess: () => form.reset() }));
  return (
    <form
      className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      onSubmit={onSubmit}
      noValidate
    >
      <Field form={form} name="tagName" id={`new-${kind.id}-tag`} label={`New ${kind.noun}`} />
      <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
        Create tag
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={create.data} error={create.error} />
    </form>
  );
}
