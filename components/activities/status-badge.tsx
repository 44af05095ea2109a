import { humanize, statusTone } from "@/lib/client/format";
import { Badge } from "../ui/badge";

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} data-status={status}>
      {humanize(status, "ACTIVITY_STATUS_")}
    </Badge>
  );
}
