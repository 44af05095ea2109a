"use client";

import { type ChangeEvent, useState } from "react";
import { Alert } from "../ui/alert";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";

/**
 * The ABI or IDL: pasted, or read from a chosen file into the same text box (so what is sent is
 * what is shown). Read as FormData "definition". The server checks it and says what is wrong.
 */
export function DefinitionInput() {
  const [text, setText] = useState("");
  const [readError, setReadError] = useState<string>();
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setReadError(undefined);
    if (!file) return;
    try {
      setText(await file.text());
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
        name="definition"
        required
        rows={10}
        className="font-mono text-xs"
        placeholder='[{"type":"function","name":"transfer", …}]'
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {readError && <Alert>{readError}</Alert>}
    </div>
  );
}
