import type { TTimestamp } from "../api/common";

export function formatTimestamp(ts: TTimestamp | undefined): string {
  if (!ts) return "";
  const date = new Date(Number(ts.seconds) * 1000 + Math.floor(Number(ts.nanos) / 1_000_000));
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}

/** ACTIVITY_TYPE_CREATE_USERS_V4 → "Create users v4". */
export function humanize(constant: string, prefix: string): string {
  const words = constant.replace(prefix, "").toLowerCase().replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type Tone = "neutral" | "success" | "warning" | "danger";

export function statusTone(status: string): Tone {
  if (status === "ACTIVITY_STATUS_COMPLETED") return "success";
  if (status === "ACTIVITY_STATUS_CONSENSUS_NEEDED") return "warning";
  if (status === "ACTIVITY_STATUS_FAILED" || status === "ACTIVITY_STATUS_REJECTED") return "danger";
  return "neutral";
}
