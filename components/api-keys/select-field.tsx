"use client";

import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";

interface Props<T extends FieldValues> {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to one field
  form: UseFormReturn<T, any, any>;
  name: FieldPath<T>;
  id: string;
  label: string;
  /** Undefined while they load: the select is shown disabled and registered only once they are there. */
  options: { value: string; label: string }[] | undefined;
}

/**
 * A labelled select of a react-hook-form form, its error beside it. It registers only with its
 * options present, so the value the form holds is the one the select shows.
 */
export function SelectField<T extends FieldValues>({ form, name, id, label, options }: Props<T>) {
  const { message, errorId, inputProps } = fieldErrorProps(form, name, id);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {options ? (
        <Select id={id} {...inputProps} {...form.register(name)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      ) : (
        <Select id={id} disabled />
      )}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
