"use client";

import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from "@/lib/api/webhooks";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useCreateWebhook, ZNewWebhookForm } from "@/lib/queries/webhooks";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Field, FieldError, fieldErrorProps } from "../ui/field";

const DEFAULTS = { name: "", url: "", events: ["ACTIVITY_UPDATES"] };

/** Register a URL and the events it hears about. */
export function NewEndpointForm() {
  const create = useCreateWebhook();
  const form = useZodForm(ZNewWebhookForm, DEFAULTS);
  const events = fieldErrorProps(form, "events", "webhookEvents");
  const onSubmit = form.handleSubmit((input) => create.mutate(input, { onSuccess: () => form.reset() }));
  return (
    <form className="grid max-w-3xl gap-3 sm:grid-cols-2 sm:items-start" onSubmit={onSubmit} noValidate>
      <Field form={form} name="name" id="webhookName" label="Name" />
      <Field
        form={form}
        name="url"
        id="webhookUrl"
        label="URL"
        placeholder="https://example.com/latchkey-events"
        className="[&_input]:font-mono"
      />
      <fieldset className="grid gap-1.5 sm:col-span-2" aria-describedby={events.errorId}>
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              value={type}
              label={WEBHOOK_EVENT_LABELS[type]}
              {...form.register("events")}
            />
          ))}
        </div>
        <FieldError id={events.errorId} message={events.message} />
      </fieldset>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={create.isPending}>
        {create.isPending ? "Adding…" : "Add endpoint"}
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={create.data} error={create.error} />
    </form>
  );
}
