"use client";

import { CURVES, type Curve } from "@/lib/api/key-formats";
import { curveLabel } from "@/lib/client/address-formats";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useCreatePrivateKey, ZNewPrivateKeyForm } from "@/lib/queries/private-keys";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { AddressFormatPicker, USUAL_FORMAT } from "./address-format-picker";
import { TagPicker } from "./tag-picker";

/** Generate a private key on the server (sealed at rest) with the addresses asked for. */
export function CreatePrivateKeyForm() {
  const create = useCreatePrivateKey();
  const form = useZodForm(ZNewPrivateKeyForm, {
    privateKeyName: "",
    curve: "CURVE_SECP256K1",
    addressFormats: [USUAL_FORMAT.CURVE_SECP256K1],
    privateKeyTags: [],
  });
  const curve = form.watch("curve");
  const curveError = fieldErrorProps(form, "curve", "curve");
  // Another curve has other formats: start over with its usual one ticked.
  const curveField = form.register("curve", {
    onChange: (event) => form.setValue("addressFormats", [USUAL_FORMAT[event.target.value as Curve]]),
  });
  const onSubmit = form.handleSubmit((key) => create.mutate(key, { onSuccess: () => form.reset() }));
  return (
    <form className="grid max-w-3xl gap-4" onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem] sm:items-start">
        <Field form={form} name="privateKeyName" label="Key name" />
        <div className="grid gap-1.5">
          <Label htmlFor="curve">Curve</Label>
          <Select id="curve" {...curveError.inputProps} {...curveField}>
            {CURVES.map((c) => (
              <option key={c} value={c}>
                {curveLabel(c)}
              </option>
            ))}
          </Select>
          <FieldError id={curveError.errorId} message={curveError.message} />
        </div>
      </div>
      <AddressFormatPicker
        curve={curve}
        registration={form.register("addressFormats")}
        error={fieldErrorProps(form, "addressFormats", "addressFormats")}
      />
      <TagPicker
        registration={form.register("privateKeyTags")}
        error={fieldErrorProps(form, "privateKeyTags", "privateKeyTags")}
      />
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create private key"}
      </Button>
      <ActivityOutcome activity={create.data} error={create.error} />
    </form>
  );
}
