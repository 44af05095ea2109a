"use client";

import { activityLabel, formatTimestamp, humanize } from "@/lib/client/format";
import { useActivity } from "@/lib/queries/activities";
import { Alert } from "../ui/alert";
import { Card } from "../ui/card";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { ActivityDescription } from "./activity-description";
import { DecidingPolicies } from "./deciding-policies";
import { DecisionButtons } from "./decision-buttons";
import { JsonBlock } from "./json-block";
import { PolicyEvaluations } from "./policy-evaluations";
import { StatusBadge } from "./status-badge";
import { submitterOf } from "./submitter";

export function ActivityDetail({ activityId }: { activityId: string }) {
  const result = useActivity(activityId);
  if (result.error) return <Alert>{result.error.message}</Alert>;
  const activity = result.data;
  if (!activity) return <p className="text-sm text-muted-foreground">Loading…</p>;
  return (
    <div className="grid gap-6">
      {/* What it is, then the decision: on a phone, before any detail, with nothing to scroll past. */}
      <div className="flex flex-wrap items-center justify-between gap-4 max-sm:gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{activityLabel(activity.type)}</h1>
          <p className="mt-1 break-all font-mono text-xs text-muted-foreground">{activity.id}</p>
        </div>
        <div className="flex items-center gap-4 max-sm:w-full max-sm:flex-wrap max-sm:gap-3">
          <span data-testid="activity-status">
            <StatusBadge status={activity.status} />
          </span>
          <DecisionButtons activity={activity} />
        </div>
      </div>
      <ActivityDescription activityId={activity.id} />
      <Card className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        <span className="text-muted-foreground">Type</span>
        <span className="font-mono">{activity.type}</span>
        <span className="text-muted-foreground">Submitted by</span>
        <span data-testid="activity-submitter">{submitterOf(activity)}</span>
        <span className="text-muted-foreground">Fingerprint</span>
        <span className="break-all font-mono">{activity.fingerprint}</span>
        <span className="text-muted-foreground">Created</span>
        <span>{formatTimestamp(activity.createdAt)}</span>
        <span className="text-muted-foreground">Updated</span>
        <span>{formatTimestamp(activity.updatedAt)}</span>
        {activity.failure && (
          <>
            <span className="text-muted-foreground">Failure</span>
            <span className="text-destructive" data-testid="activity-failure">
              {activity.failure.message}
            </span>
          </>
        )}
        <DecidingPolicies activity={activity} />
      </Card>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">Votes</h2>
        <Table>
          <TableHead>
            <tr>
              <TableHeader>User</TableHeader>
              <TableHeader>Decision</TableHeader>
              <TableHeader>When</TableHeader>
              <TableHeader>Signed with</TableHeader>
            </tr>
          </TableHead>
          <tbody>
            {activity.votes.map((vote) => (
              <TableRow key={vote.id}>
                <TableCell label="User">{vote.user.userName}</TableCell>
                <TableCell label="Decision">{humanize(vote.selection, "VOTE_SELECTION_")}</TableCell>
                <TableCell label="When" className="whitespace-nowrap">
                  {formatTimestamp(vote.createdAt)}
                </TableCell>
                <TableCell label="Signed with" className="break-all font-mono text-xs">
                  {vote.scheme}
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </section>
      <PolicyEvaluations activity={activity} />
      {/* The raw JSON stays one click away, after what people read. */}
      <details className="grid gap-2" data-testid="raw-json">
        <summary className="cursor-pointer text-sm font-medium">Raw intent and result (JSON)</summary>
        <div className="mt-2 grid gap-4 lg:grid-cols-2">
          <JsonBlock label="Intent" value={activity.intent} />
          <JsonBlock label="Result" value={activity.result} />
        </div>
      </details>
    </div>
  );
}
