import type { ComponentProps } from "react";
import { Input } from "./input";
import { Label } from "./label";

/** Transitional: a labelled input outside react-hook-form. Every form moves to `Field`. */
export function PlainField({
  label,
  id,
  ...props
}: ComponentProps<typeof Input> & { label: string; id: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} {...props} />
    </div>
  );
}
