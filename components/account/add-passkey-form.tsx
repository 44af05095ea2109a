"use client";

import { isPromptCancelled } from "@/lib/client/register-passkey";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useAddPasskey, ZNewPasskeyForm } from "@/lib/queries/passkeys";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

const PROMPT_CLOSED = new Error(
  "The passkey prompt was closed before it finished. Nothing changed; try again when you are ready.",
);

/** Name a new passkey and make it on this device (a security key or another phone works too). */
export function AddPasskeyForm() {
  const add = useAddPasskey();
  const form = useZodForm(ZNewPasskeyForm, { authenticatorName: "" });
  const onSubmit = form.handleSubmit((passkey) => add.mutate(passkey, { onSuccess: () => form.reset() }));
  const error = isPromptCancelled(add.error) ? PROMPT_CLOSED : add.error;
  return (
    <form
      className="grid max-w-xl gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
      onSubmit={onSubmit}
      noValidate
    >
      <Field
        form={form}
        name="authenticatorName"
        id="passkeyName"
        label="Passkey name"
        placeholder="Work laptop"
      />
      <Button type="submit" className="sm:mt-6" disabled={add.isPending}>
        {add.isPending ? "Waiting for your passkey…" : "Add a passkey"}
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={add.data} error={error} />
    </form>
  );
}
