import type { AddressFormat, Curve } from "@/lib/api/key-formats";
import { addressFormatLabel, formatsForCurve } from "@/lib/client/address-formats";
import { Checkbox } from "../ui/checkbox";

/** The usual address of a new key on each curve, ticked to start with. */
const USUAL: Record<Curve, AddressFormat> = {
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

/**
 * The address formats a key on `curve` can have, read as FormData "addressFormat". The parent
 * keys it by curve, so changing the curve starts over with that curve's usual format ticked.
 */
export function AddressFormatPicker({ curve }: { curve: Curve }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Address formats</legend>
      <div className="grid max-h-48 grid-cols-1 gap-x-4 gap-y-1.5 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
        {formatsForCurve(curve)
          .sort((a, b) => rank(a) - rank(b))
          .map((format) => (
            <Checkbox
              key={format}
              name="addressFormat"
              value={format}
              label={addressFormatLabel(format)}
              defaultChecked={format === USUAL[curve]}
            />
          ))}
      </div>
    </fieldset>
  );
}
