import type { ComponentProps } from "react";
import { Input } from "../ui/input";
import { Label } from "../ui/label";

/** A labelled text input. */
export function Field({ label, id, ...props }: ComponentProps<typeof Input> & { label: string; id: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={id} {...props} />
    </div>
  );
}
