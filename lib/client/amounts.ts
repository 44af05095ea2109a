/**
 * Amounts as people type them ("0.25" ETH) turned into the base units the API takes (wei), exactly:
 * decimal text to bigint, never through a float, and refused rather than rounded when it has more
 * decimals than the asset.
 */
export type ParsedAmount = { units: bigint } | { problem: string };

export function parseDisplayAmount(text: string, decimals: number): ParsedAmount {
  const trimmed = text.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed);
  if (!trimmed || !match || (match[1] === "" && !match[2])) {
    return { problem: "must be a number, such as 0.5" };
  }
  const [, whole = "", fraction = ""] = match;
  if (fraction.length > decimals) return { problem: `must have at most ${decimals} decimals` };
  const units =
    BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  if (units <= 0n) return { problem: "must be more than 0" };
  return { units };
}
