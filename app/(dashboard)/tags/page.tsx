"use client";

import { PRIVATE_KEY_TAGS, USER_TAGS } from "@/components/tags/tag-kinds";
import { TagSection } from "@/components/tags/tag-section";

export default function TagsPage() {
  return (
    <div className="grid gap-8">
      <h1 className="text-2xl font-semibold tracking-tight">Tags</h1>
      <TagSection kind={PRIVATE_KEY_TAGS} />
      <TagSection kind={USER_TAGS} />
    </div>
  );
}
