import type { UseFormRegisterReturn } from "react-hook-form";
import { CHAIN_PRESETS } from "@/lib/client/chain-presets";
import { Checkbox } from "../ui/checkbox";
import { FieldError } from "../ui/field";

interface Props {
  /** One registration for every box: react-hook-form reads the ticked ones as an array of preset ids. */
  registration: UseFormRegisterReturn;
  error: { message?: string; errorId: string };
}

/** Pick the chains a new wallet starts with: one account each (index 0). */
export function ChainPicker({ registration, error }: Props) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error.message ? error.errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Accounts</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3">
        {CHAIN_PRESETS.map((preset) => (
          <Checkbox key={preset.id} value={preset.id} label={preset.label} {...registration} />
        ))}
      </div>
      <FieldError id={error.errorId} message={error.message} />
    </fieldset>
  );
}
