import type { TTimestamp } from "../api/common";

export function formatTimestamp(ts: TTimestamp | undefined): string {
  if (!ts) return "";
  const date = new Date(Number(ts.seconds) * 1000 + Math.floor(Number(ts.nanos) / 1_000_000));
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}

/** ACTIVITY_TYPE_CREATE_API_KEYS_V2 → "Create API keys v2". */
export function humanize(constant: string, prefix: string): string {
  const words = constant
    .replace(prefix, "")
    .toLowerCase()
    .replace(/_/g, " ")
    .replace(/\b(api|otp|oauth|evm)\b/g, (w) => w.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What an activity does, for people: the version of its type is detail (the detail page shows it). */
export const activityLabel = (type: string) => humanize(type, "ACTIVITY_TYPE_").replace(/ v\d+$/, "");

export type Tone = "neutral" | "success" | "warning" | "danger";

export function statusTone(status: string): Tone {
  if (status === "ACTIVITY_STATUS_COMPLETED") return "success";
  if (status === "ACTIVITY_STATUS_CONSENSUS_NEEDED") return "warning";
  if (status === "ACTIVITY_STATUS_FAILED" || status === "ACTIVITY_STATUS_REJECTED") return "danger";
  return "neutral";
}

const CREDENTIAL_LABELS: Record<string, string> = {
  CREDENTIAL_TYPE_API_KEY_P256: "API key (P-256)",
  CREDENTIAL_TYPE_API_KEY_SECP256K1: "API key (secp256k1)",
  CREDENTIAL_TYPE_API_KEY_ED25519: "API key (Ed25519)",
  CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256: "Session",
};

export const credentialLabel = (type: string) =>
  CREDENTIAL_LABELS[type] ?? humanize(type, "CREDENTIAL_TYPE_");
