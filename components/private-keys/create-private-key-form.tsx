"use client";

import { type FormEvent, useState } from "react";
import { CURVES, type Curve } from "@/lib/api/key-formats";
import { curveLabel } from "@/lib/client/address-formats";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { PlainField } from "../ui/plain-field";
import { Select } from "../ui/select";
import { AddressFormatPicker } from "./address-format-picker";
import { TagPicker } from "./tag-picker";
import { PRIVATE_KEYS } from "./use-private-keys";

interface NewKey {
  privateKeyName: string;
  curve: Curve;
  addressFormats: string[];
  privateKeyTags: string[];
}

/** Generate a private key on the server (sealed at rest) with the addresses asked for. */
export function CreatePrivateKeyForm() {
  const [curve, setCurve] = useState<Curve>("CURVE_SECP256K1");
  const create = useActivityMutation<NewKey>("create_private_keys", (key) => ({ privateKeys: [key] }), [
    PRIVATE_KEYS,
    "private-key-tags",
  ]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      {
        privateKeyName: String(data.get("privateKeyName")).trim(),
        curve,
        addressFormats: data.getAll("addressFormat").map(String),
        privateKeyTags: data.getAll("privateKeyTag").map(String),
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form className="grid max-w-3xl gap-4" onSubmit={onSubmit}>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <PlainField label="Key name" id="privateKeyName" required maxLength={256} />
        <div className="grid gap-1.5">
          <Label htmlFor="curve">Curve</Label>
          <Select id="curve" value={curve} onChange={(event) => setCurve(event.target.value as Curve)}>
            {CURVES.map((c) => (
              <option key={c} value={c}>
                {curveLabel(c)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <AddressFormatPicker key={curve} curve={curve} />
      <TagPicker />
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create private key"}
      </Button>
      <ActivityOutcome activity={create.data} error={create.error} />
    </form>
  );
}
