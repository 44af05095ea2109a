"use client";

import { useZodForm } from "@/lib/client/use-zod-form";
import { useCreateUser, ZNewUserForm } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

export function CreateUserForm() {
  const create = useCreateUser();
  const form = useZodForm(ZNewUserForm, { userName: "", userEmail: "" });
  const onSubmit = form.handleSubmit((user) => create.mutate(user, { onSuccess: () => form.reset() }));
  return (
    <form
      className="grid max-w-xl gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
      onSubmit={onSubmit}
      noValidate
    >
      <Field form={form} name="userName" id="newUserName" label="User name" />
      <Field form={form} name="userEmail" id="newUserEmail" label="Email (optional)" type="email" />
      <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
        Create user
      </Button>
      <ActivityOutcome className="sm:col-span-3" activity={create.data} error={create.error} />
    </form>
  );
}
