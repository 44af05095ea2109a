"use client";

import { useEffect } from "react";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useRenameOrganization, ZOrganizationNameForm } from "@/lib/queries/organization";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

/** Rename the organization (update_organization_name, stamped by the passkey). */
export function OrganizationNameForm({ name }: { name: string }) {
  const rename = useRenameOrganization();
  const form = useZodForm(ZOrganizationNameForm, { organizationName: name });
  // A rename done elsewhere (or this one, once in force) becomes the field's value.
  useEffect(() => {
    form.reset({ organizationName: name });
  }, [form, name]);
  const onSubmit = form.handleSubmit(({ organizationName }) => {
    if (organizationName !== name) rename.mutate({ organizationName });
  });
  return (
    <form
      className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      onSubmit={onSubmit}
      noValidate
    >
      <Field form={form} name="organizationName" label="Organization name" />
      <Button type="submit" className="sm:mt-6" disabled={rename.isPending}>
        Rename
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={rename.data} error={rename.error} />
    </form>
  );
}
