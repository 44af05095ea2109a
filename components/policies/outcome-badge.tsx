import type { TOutcome } from "@/lib/api/policies";
import { humanize, type Tone } from "@/lib/client/format";
import { Badge } from "../ui/badge";

const TONES: Partial<Record<TOutcome, Tone>> = {
  OUTCOME_ALLOW: "success",
  OUTCOME_REQUIRES_CONSENSUS: "warning",
  OUTCOME_DENY_EXPLICIT: "danger",
  OUTCOME_REJECTED: "danger",
  OUTCOME_ERROR: "danger",
};

/** A policy decision's outcome: "Allow", "Requires consensus", "Deny explicit"… */
export function OutcomeBadge({ outcome }: { outcome: TOutcome | undefined }) {
  if (!outcome) return <Badge>—</Badge>;
  return (
    <Badge tone={TONES[outcome] ?? "neutral"} className="whitespace-nowrap" data-outcome={outcome}>
      {humanize(outcome, "OUTCOME_")}
    </Badge>
  );
}
