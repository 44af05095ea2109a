import { displayAmount } from "@/lib/api/assets";
import type { PolicyValue } from "../policy/types";
import type { DecodedNode } from "./tree";

/** Base units for people, thousands grouped: 1000000000n with 6 decimals → "1,000". */
export function amount(units: bigint, decimals: number): string {
  const [whole = "0", fraction] = displayAmount(units, decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/**
 * A decoded argument as text. Addresses in lower case, as the policy engine compares them and as
 * eth.tx shows them, so what an approver reads matches what a policy tested.
 */
export function argText(value: unknown): string {
  const text = String(value);
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? text.toLowerCase() : text;
}

/** An address in a headline: its start and end ("0xabab…abab"); fields show it whole. */
export function short(address: string): string {
  const text = argText(address);
  return text.length > 14 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
}

/** A decoded value (the policy engine's representation) as a tree of labelled lines. */
export function valueNode(label: string, value: PolicyValue | undefined): DecodedNode {
  if (value === undefined) return { label, value: "(absent)" };
  if (Array.isArray(value)) {
    return { label, children: value.map((item, i) => valueNode(`[${i}]`, item)) };
  }
  if (typeof value === "object") {
    return {
      label,
      children: Object.entries(value).map(([key, item]) => valueNode(key, item)),
    };
  }
  return { label, value: String(value) };
}

/** A Unix time in seconds as an ISO date, or the number when it is out of range (e.g. "never"). */
export function unixTime(seconds: bigint): string {
  if (seconds >= 2n ** 48n) return `${seconds} (never expires)`;
  return `${new Date(Number(seconds) * 1000).toISOString().replace(".000Z", "Z")} (${seconds})`;
}
