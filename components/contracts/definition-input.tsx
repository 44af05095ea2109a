"use client";

import { type ChangeEvent, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { TNewContractForm, ZNewContractForm } from "@/lib/queries/contracts";
import { Alert } from "../ui/alert";
import { FieldError, fieldErrorProps } from "../ui/field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

type Form = UseFormReturn<z.input<typeof ZNewContractForm>, unknown, TNewContractForm>;

/**
 * The ABI or IDL: pasted, or read from a chosen file into the same text box (so what is sent is
 * what is shown). The size limit is checked here; whether it is a valid ABI the server says.
 */
export function DefinitionInput({ form }: { form: Form }) {
  const [readError, setReadError] = useState<string>();
  const definition = fieldErrorProps(form, "smartContractInterface", "definition");
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setReadError(undefined);
    if (!file) return;
    try {
      const text = await file.text();
      form.setValue("smartContractInterface", text, {
        shouldValidate: true,
        shouldDirty: true,
        shouldTouch: true,
      });
    } catch {
      setReadError(`could not read ${file.name}`);
    }
  };
  return (
    <div className="grid gap-1.5">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <Label htmlFor="definition">ABI / IDL (JSON)</Label>
        <span className="flex items-center gap-2">
          <Label htmlFor="definitionFile" className="font-normal text-muted-foreground">
            or upload a file
          </Label>
          <Input
            id="definitionFile"
            type="file"
            accept=".json,application/json"
            className="h-8 w-60 py-1 text-xs"
            onChange={onFile}
          />
        </span>
      </div>
      <Textarea
        id="definition"
        rows={10}
        className="font-mono text-xs"
        placeholder='[{"type":"function","name":"transfer", …}]'
        {...definition.inputProps}
        {...form.register("smartContractInterface")}
      />
      <FieldError id={definition.errorId} message={definition.message} />
      {readError && <Alert>{readError}</Alert>}
    </div>
  );
}
