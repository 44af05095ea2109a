import { CHAIN_PRESETS } from "@/lib/client/chain-presets";
import { Checkbox } from "../ui/checkbox";

/** Pick the chains a new wallet starts with: one account each (index 0), read as FormData "chain". */
export function ChainPicker({ defaultChecked = ["ethereum"] }: { defaultChecked?: string[] }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Accounts</legend>
      <div className="grid grid-cols-2 gap-x-4 gap-y-1.5 sm:grid-cols-3">
        {CHAIN_PRESETS.map((preset) => (
          <Checkbox
            key={preset.id}
            name="chain"
            value={preset.id}
            label={preset.label}
            defaultChecked={defaultChecked.includes(preset.id)}
          />
        ))}
      </div>
    </fieldset>
  );
}
