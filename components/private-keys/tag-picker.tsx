"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import { useTags } from "@/lib/queries/tags";
import { Checkbox } from "../ui/checkbox";
import { FieldError } from "../ui/field";

interface Props {
  /** One registration for every box: react-hook-form reads the ticked ones as an array of tag ids. */
  registration: UseFormRegisterReturn;
  error: { message?: string; errorId: string };
}

/** Private key tags to put on a new key. */
export function TagPicker({ registration, error }: Props) {
  const tags = useTags("private-key");
  return (
    <fieldset className="grid gap-2" aria-describedby={error.message ? error.errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Tags</legend>
      {tags.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No private key tags yet (create them on the Tags page).
        </p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {tags.data?.map((tag) => (
          <Checkbox key={tag.tagId} value={tag.tagId} label={tag.tagName} {...registration} />
        ))}
      </div>
      <FieldError id={error.errorId} message={error.message} />
    </fieldset>
  );
}
