"use client";

import type { FormEvent } from "react";
import { isPromptCancelled } from "@/lib/client/register-passkey";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { PlainField } from "../ui/plain-field";
import { useAddPasskey } from "./use-passkeys";

/** Name a new passkey and make it on this device (a security key or another phone works too). */
export function AddPasskeyForm() {
  const add = useAddPasskey();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("passkeyName")).trim();
    add.mutate(name, { onSuccess: () => form.reset() });
  };
  const error = isPromptCancelled(add.error)
    ? new Error(
        "The passkey prompt was closed before it finished. Nothing changed; try again when you are ready.",
      )
    : add.error;
  return (
    <form className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={onSubmit}>
      <PlainField label="Passkey name" id="passkeyName" required maxLength={256} placeholder="Work laptop" />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Waiting for your passkey…" : "Add a passkey"}
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={add.data} error={error} />
    </form>
  );
}
