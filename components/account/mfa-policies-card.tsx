"use client";

import { AUTHENTICATION_METHODS_CHECKED } from "@/lib/api/mfa";
import { useZodForm } from "@/lib/client/use-zod-form";
import {
  METHOD_LABELS,
  useCreateMfaPolicy,
  useDeleteMfaPolicy,
  useMfaPolicies,
  ZMfaPolicyForm,
} from "@/lib/queries/mfa";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Field } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

function steps(required: { any: { type: string; id?: string }[] }[]): string {
  return required
    .map((step) => step.any.map((m) => m.type.replace("AUTHENTICATION_TYPE_", "").toLowerCase()).join(" or "))
    .join(", then ");
}

function NewMfaPolicyForm() {
  const create = useCreateMfaPolicy();
  const form = useZodForm(ZMfaPolicyForm, {
    mfaPolicyName: "",
    condition: "activity.action == 'SIGN'",
    method: "AUTHENTICATION_TYPE_PASSKEY",
    order: "0",
  });
  return (
    <form
      className="grid max-w-3xl gap-3"
      onSubmit={form.handleSubmit((params) => create.mutate(params, { onSuccess: () => form.reset() }))}
      noValidate
      aria-label="New MFA policy"
    >
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field form={form} name="mfaPolicyName" id="mfaPolicyName" label="Name" autoComplete="off" />
        <Field form={form} name="order" id="mfaOrder" label="Order" inputMode="numeric" />
      </div>
      <Field
        form={form}
        name="condition"
        id="mfaCondition"
        label="When (policy condition)"
        className="font-mono"
        hint="Activities of yours this condition matches wait until you approve them again with another credential."
      />
      <div className="grid max-w-xs gap-1">
        <Label htmlFor="mfaMethod">Further authentication</Label>
        <Select id="mfaMethod" {...form.register("method")}>
          {AUTHENTICATION_METHODS_CHECKED.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Button type="submit" disabled={create.isPending}>
          Add MFA policy
        </Button>
      </div>
      <ActivityOutcome activity={create.data} error={create.error} />
    </form>
  );
}

/** The signed-in user's MFA policies: what they are, a form for another, deletion. */
export function MfaPoliciesCard() {
  const policies = useMfaPolicies();
  const remove = useDeleteMfaPolicy();
  return (
    <Card>
      <CardTitle>MFA policies</CardTitle>
      <CardDescription>
        Rules for your own activities: a matching one waits for further authentication before it runs.
      </CardDescription>
      <div className="mt-4 grid gap-4">
        {policies.error ? <Alert>{policies.error.message}</Alert> : null}
        {policies.data?.length ? (
          <Table data-testid="mfa-policies">
            <TableHead>
              <TableRow>
                <TableHeader>Name</TableHeader>
                <TableHeader>When</TableHeader>
                <TableHeader>Then</TableHeader>
                <TableHeader>Order</TableHeader>
                <TableHeader />
              </TableRow>
            </TableHead>
            <tbody>
              {policies.data.map((p) => (
                <TableRow key={p.mfaPolicyId}>
                  <TableCell label="Name">{p.mfaPolicyName}</TableCell>
                  <TableCell label="When">
                    <code>{p.condition}</code>
                  </TableCell>
                  <TableCell label="Then">{steps(p.requiredAuthenticationMethods)}</TableCell>
                  <TableCell label="Order">{p.order}</TableCell>
                  <TableCell>
                    <ConfirmDelete
                      what={`MFA policy ${p.mfaPolicyName}`}
                      consequence="Activities it matches will run without further authentication."
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(p.mfaPolicyId)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        ) : policies.data ? (
          <p className="text-sm text-muted-foreground">No MFA policies.</p>
        ) : null}
        <ActivityOutcome activity={remove.data} error={remove.error} />
        <NewMfaPolicyForm />
      </div>
    </Card>
  );
}
