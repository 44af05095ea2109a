/**
 * spec.md Earn rule 4: net APY = gross × (1 − totalFeeBps / 10000), as a decimal fraction like the
 * gross one ("0.0520"), exact: a vault's rate in bps times the bps kept is a whole number of 10^-8.
 */
export function netApyFraction(grossBps: number, totalFeeBps: number): string {
  const hundredMillionths = BigInt(grossBps) * BigInt(10_000 - totalFeeBps);
  const whole = hundredMillionths / 100_000_000n;
  const fraction = (hundredMillionths % 100_000_000n)
    .toString()
    .padStart(8, "0")
    .replace(/0+$/, "")
    .padEnd(4, "0");
  return `${whole}.${fraction}`;
}
