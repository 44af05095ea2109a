"use client";

import { useZodForm } from "@/lib/client/use-zod-form";
import { useUploadContract, ZNewContractForm } from "@/lib/queries/contracts";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { DefinitionInput } from "./definition-input";
import { INTERFACE_TYPES } from "./interface-types";

const DEFAULTS = {
  type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
  label: "",
  smartContractAddress: "",
  notes: "",
  smartContractInterface: "",
} as const;

/** Register an ABI or IDL for a contract, so policies can read the calls made to it. */
export function UploadContractForm() {
  const upload = useUploadContract();
  const form = useZodForm(ZNewContractForm, DEFAULTS);
  // The address field is named as the chosen chain names it: contract address, program id.
  const type = INTERFACE_TYPES[form.watch("type")];
  const typeError = fieldErrorProps(form, "type", "contractType");
  const notes = fieldErrorProps(form, "notes", "contractNotes");
  const onSubmit = form.handleSubmit((contract) =>
    upload.mutate(contract, { onSuccess: () => form.reset() }),
  );
  return (
    <form className="grid max-w-3xl gap-3 sm:grid-cols-2 sm:items-start" onSubmit={onSubmit} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="contractType">Type</Label>
        <Select id="contractType" {...typeError.inputProps} {...form.register("type")}>
          {Object.entries(INTERFACE_TYPES).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <FieldError id={typeError.errorId} message={typeError.message} />
      </div>
      <Field form={form} name="label" id="contractLabel" label="Label" />
      <Field
        form={form}
        name="smartContractAddress"
        id="contractAddress"
        label={type.address}
        className="[&_input]:font-mono"
        placeholder={type.placeholder}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="contractNotes">Notes (optional)</Label>
        <Textarea
          id="contractNotes"
          rows={1}
          className="min-h-9"
          {...notes.inputProps}
          {...form.register("notes")}
        />
        <FieldError id={notes.errorId} message={notes.message} />
      </div>
      <div className="sm:col-span-2">
        <DefinitionInput form={form} />
      </div>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={upload.isPending}>
        {upload.isPending ? "Uploading…" : "Upload interface"}
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={upload.data} error={upload.error} />
    </form>
  );
}
