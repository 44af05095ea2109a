"use client";

import type { FormEvent } from "react";
import { Field } from "../auth/field";
import { ActivityOutcome } from "../dashboard/activity-outcome";
import { useActivityMutation } from "../dashboard/use-activity-mutation";
import { Button } from "../ui/button";

interface NewUser {
  userName: string;
  userEmail: string;
}

export function CreateUserForm() {
  const create = useActivityMutation<NewUser>(
    "create_users",
    "ACTIVITY_TYPE_CREATE_USERS_V4",
    ({ userName, userEmail }) => ({
      users: [
        {
          userName,
          ...(userEmail ? { userEmail } : {}),
          apiKeys: [],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    }),
    ["users"],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      {
        userName: String(data.get("newUserName")).trim(),
        userEmail: String(data.get("newUserEmail")).trim(),
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form className="grid max-w-xl gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={onSubmit}>
      <Field label="User name" id="newUserName" required maxLength={256} />
      <Field label="Email (optional)" id="newUserEmail" type="email" />
      <Button type="submit" disabled={create.isPending}>
        Create user
      </Button>
      <ActivityOutcome className="sm:col-span-3" activity={create.data} error={create.error} />
    </form>
  );
}
