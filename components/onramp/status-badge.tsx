import type { TOnRampStatus } from "@/lib/api/onramp";
import { Badge } from "../ui/badge";

const TONE: Record<TOnRampStatus, "neutral" | "warning" | "success" | "danger"> = {
  CREATED: "neutral",
  PENDING: "warning",
  COMPLETED: "success",
  FAILED: "danger",
};

export function OnRampStatusBadge({ status }: { status: TOnRampStatus }) {
  return <Badge tone={TONE[status]}>{status}</Badge>;
}
