"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form form validated by a zod schema built from lib/api's (the ones the server parses
 * requests with). Errors show once a field is left or the form submitted, then as it is corrected.
 */
export function useZodForm<Output extends FieldValues, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  /**
   * The values the server holds now, for a form that edits them: when they change (a save's
   * refetch), fields the user has not touched follow them and fields being edited are kept, so a
   * refetch landing mid-edit never throws away what was typed.
   */
  serverValues?: Input,
) {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver<Input, unknown, Output>(schema),
    defaultValues,
    mode: "onTouched",
    ...(serverValues ? { values: serverValues, resetOptions: { keepDirtyValues: true } } : {}),
  });
}
