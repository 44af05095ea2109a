"use client";

import type { ComponentProps, ReactNode } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { cn } from "@/lib/utils/cn";
import { Input } from "./input";
import { Label } from "./label";

/** What is wrong with a field, beside it, announced to screen readers and tied to the input. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** The error of one field of a react-hook-form form (nested paths too), and the ids that tie it to its input. */
export function fieldErrorProps<T extends FieldValues>(
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to one field
  form: UseFormReturn<T, any, any>,
  name: FieldPath<T>,
  id: string,
) {
  const message = form.getFieldState(name, form.formState).error?.message;
  return {
    message,
    errorId: `${id}-error`,
    inputProps: {
      "aria-invalid": message ? true : undefined,
      "aria-describedby": message ? `${id}-error` : undefined,
    },
  };
}

type FieldProps<T extends FieldValues> = Omit<ComponentProps<typeof Input>, "form" | "name"> & {
  // biome-ignore lint/suspicious/noExplicitAny: the form's output type does not matter to one field
  form: UseFormReturn<T, any, any>;
  name: FieldPath<T>;
  label: ReactNode;
  /** The input's id (and label target); the field's name by default. */
  id?: string;
  hint?: ReactNode;
};

/**
 * A labelled input registered with a react-hook-form form whose resolver is a zod schema from
 * lib/api: the browser checks what the server checks, and says what is wrong beside the field.
 */
export function Field<T extends FieldValues>({
  form,
  name,
  label,
  id = name,
  hint,
  className,
  ...props
}: FieldProps<T>) {
  const { message, errorId, inputProps } = fieldErrorProps(form, name, id);
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...inputProps} {...props} {...form.register(name)} />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
