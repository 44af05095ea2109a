"use client";

import { type FormEvent, useState } from "react";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { PlainField } from "../ui/plain-field";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { DefinitionInput } from "./definition-input";
import { INTERFACE_TYPES, type InterfaceType } from "./interface-types";
import { CONTRACTS } from "./use-contract-interfaces";

interface NewInterface {
  type: InterfaceType;
  smartContractAddress: string;
  label: string;
  notes: string;
  smartContractInterface: string;
}

/** Register an ABI or IDL for a contract, so policies can read the calls made to it. */
export function UploadContractForm() {
  const [type, setType] = useState<InterfaceType>("SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM");
  // A new DefinitionInput after each upload: its text is its own state, which form.reset() does not reach.
  const [round, setRound] = useState(0);
  const upload = useActivityMutation<NewInterface>(
    "create_smart_contract_interface",
    ({ notes, ...rest }) => ({ ...rest, ...(notes ? { notes } : {}) }),
    [CONTRACTS],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    upload.mutate(
      {
        type,
        smartContractAddress: String(data.get("contractAddress")).trim(),
        label: String(data.get("contractLabel")).trim(),
        notes: String(data.get("contractNotes")).trim(),
        smartContractInterface: String(data.get("definition")),
      },
      {
        onSuccess: () => {
          form.reset();
          setRound((n) => n + 1);
        },
      },
    );
  };
  return (
    <form className="grid max-w-3xl gap-3 sm:grid-cols-2" onSubmit={onSubmit}>
      <div className="grid gap-1.5">
        <Label htmlFor="contractType">Type</Label>
        <Select
          id="contractType"
          value={type}
          onChange={(event) => setType(event.target.value as InterfaceType)}
        >
          {Object.entries(INTERFACE_TYPES).map(([value, { label }]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      <PlainField label="Label" id="contractLabel" required maxLength={256} />
      <PlainField
        label={INTERFACE_TYPES[type].address}
        id="contractAddress"
        required
        maxLength={128}
        className="font-mono"
        placeholder={INTERFACE_TYPES[type].placeholder}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="contractNotes">Notes (optional)</Label>
        <Textarea id="contractNotes" name="contractNotes" rows={1} maxLength={10_000} className="min-h-9" />
      </div>
      <div className="sm:col-span-2">
        <DefinitionInput key={round} />
      </div>
      <Button type="submit" className="sm:col-span-2 sm:justify-self-start" disabled={upload.isPending}>
        {upload.isPending ? "Uploading…" : "Upload interface"}
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={upload.data} error={upload.error} />
    </form>
  );
}
