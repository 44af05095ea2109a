import type { PolicyCost } from "./policy-cost";
import type { SigningCost } from "./signing-cost";
import type { StampCost } from "./stamp-cost";

/**
 * A scenario's in-process floor: the sum of the measured parts it cannot avoid (stamp check,
 * signature with a wallet account, policy round), in µs. Beside an end-to-end figure it shows how
 * much of a request is the work itself and how much is everything else (HTTP, database, framework).
 * Undefined for scenarios whose parts are not measured in process.
 */
export function floorMicros(
  scenario: string,
  parts: { stampVerification: StampCost; signing: SigningCost; policies: PolicyCost },
): number | undefined {
  const stamp = parts.stampVerification.knownKeyMicros;
  const walletSign = parts.signing.walletAccountSignMicros;
  if (scenario.startsWith("query whoami") || scenario.startsWith("activity create_users")) return stamp;
  if (scenario.startsWith("activity sign_raw_payload")) return stamp + walletSign;
  if (scenario.startsWith("sign_transaction")) {
    return stamp + walletSign + (parts.policies.evaluationMicros["100"] ?? 0);
  }
  return undefined;
}
