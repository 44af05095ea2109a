"use client";

import { PRIVATE_KEY_TAGS } from "../tags/tag-kinds";
import { useTags } from "../tags/use-tags";
import { Checkbox } from "../ui/checkbox";

/** Private key tags to put on a new key, read as FormData "privateKeyTag" (tag ids). */
export function TagPicker() {
  const tags = useTags(PRIVATE_KEY_TAGS);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Tags</legend>
      {tags.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">
          No private key tags yet (create them on the Tags page).
        </p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {tags.data?.map((tag) => (
          <Checkbox key={tag.tagId} name="privateKeyTag" value={tag.tagId} label={tag.tagName} />
        ))}
      </div>
    </fieldset>
  );
}
