"use client";

import type { FormEvent } from "react";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { PlainField } from "../ui/plain-field";

/** Rename the organization (update_organization_name, stamped by the passkey). */
export function OrganizationNameForm({ name }: { name: string }) {
  const rename = useActivityMutation<string>(
    "update_organization_name",
    (organizationName) => ({ organizationName }),
    ["organization", "whoami"],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get("organizationName")).trim();
    if (next && next !== name) rename.mutate(next);
  };
  return (
    <form className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={onSubmit}>
      {/* Keyed by the name so that a rename done elsewhere refreshes the field. */}
      <PlainField
        key={name}
        label="Organization name"
        id="organizationName"
        defaultValue={name}
        required
        maxLength={256}
      />
      <Button type="submit" disabled={rename.isPending}>
        Rename
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={rename.data} error={rename.error} />
    </form>
  );
}
