import Link from "next/link";
import type { TSimulationResult } from "@/lib/api/simulation";
import { activityLabel } from "@/lib/client/format";
import { cn } from "@/lib/utils/cn";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { OutcomeBadge } from "./outcome-badge";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** Past activities replayed through a draft: what was decided then, what the draft would decide. */
export function SimulationTable({ results }: { results: TSimulationResult[] }) {
  return (
    <Table>
      <TableHead>
        <tr>
          <TableHeader>Activity</TableHeader>
          <TableHeader>When</TableHeader>
          <TableHeader>Recorded</TableHeader>
          <TableHeader>Simulated</TableHeader>
          <TableHeader>Deciding policies</TableHeader>
        </tr>
      </TableHead>
      <tbody>
        {results.map((r) => (
          <TableRow
            key={r.activityId}
            data-simulated-activity={r.activityId}
            data-changed={r.changed}
            className={cn(r.changed && "bg-amber-50 dark:bg-amber-900/20")}
          >
            <TableCell>
              <Link className="underline-offset-2 hover:underline" href={`/activities/${r.activityId}`}>
                {activityLabel(r.type)}
              </Link>
            </TableCell>
            <TableCell label="When" className="whitespace-nowrap text-muted-foreground">
              {when(r.createdAt)}
            </TableCell>
            <TableCell label="Recorded" data-testid="recorded-outcome">
              <OutcomeBadge outcome={r.recordedOutcome} />
            </TableCell>
            <TableCell label="Simulated" data-testid="simulated-outcome">
              <OutcomeBadge outcome={r.simulatedOutcome} />
            </TableCell>
            <TableCell label="Deciding policies" data-testid="deciding-policies">
              {r.decidingPolicies.map((p) => p.policyName).join(", ") || "—"}
            </TableCell>
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}
