import type { UseFormRegisterReturn } from "react-hook-form";
import type { AddressFormat, Curve } from "@/lib/api/key-formats";
import { addressFormatLabel, formatsForCurve } from "@/lib/client/address-formats";
import { Checkbox } from "../ui/checkbox";
import { FieldError } from "../ui/field";

/** The usual address of a new key on each curve, ticked to start with. */
export const USUAL_FORMAT: Record<Curve, AddressFormat> = {
  CURVE_SECP256K1: "ADDRESS_FORMAT_ETHEREUM",
  CURVE_ED25519: "ADDRESS_FORMAT_SOLANA",
  CURVE_P256: "ADDRESS_FORMAT_COMPRESSED",
};

/** Chains first, then Bitcoin mainnet, then raw public keys, then test networks. */
function rank(format: AddressFormat): number {
  if (/TESTNET|SIGNET|REGTEST/.test(format)) return 3;
  if (format.endsWith("COMPRESSED")) return 2;
  if (format.startsWith("ADDRESS_FORMAT_BITCOIN_")) return 1;
  return 0;
}

interface Props {
  curve: Curve;
  /** One registration for every box: react-hook-form reads the ticked ones as an array. */
  registration: UseFormRegisterReturn;
  error: { message?: string; errorId: string };
}

/** The address formats a key on `curve` can have. */
export function AddressFormatPicker({ curve, registration, error }: Props) {
  return (
    <fieldset className="grid gap-2" aria-describedby={error.message ? error.errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium">Address formats</legend>
      <div className="grid max-h-48 grid-cols-1 gap-x-4 gap-y-1.5 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
        {formatsForCurve(curve)
          .sort((a, b) => rank(a) - rank(b))
          .map((format) => (
            <Checkbox key={format} value={format} label={addressFormatLabel(format)} {...registration} />
          ))}
      </div>
      <FieldError id={error.errorId} message={error.message} />
    </fieldset>
  );
}
