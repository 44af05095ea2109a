"use client";

import { formatTimestamp } from "@/lib/client/format";
import { useRedeliver, useWebhookDeliveries } from "@/lib/queries/webhooks";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

const TONE = { SUCCEEDED: "success", FAILED: "danger", PENDING: "warning" } as const;

/** One endpoint's newest deliveries: each attempt's HTTP status and latency, and Redeliver. */
export function DeliveryLog({ endpointId, isActive }: { endpointId: string; isActive: boolean }) {
  const log = useWebhookDeliveries(endpointId);
  const redeliver = useRedeliver();
  return (
    <div className="grid gap-2">
      {log.error && <Alert>{log.error.message}</Alert>}
      <ActivityOutcome activity={redeliver.data} error={redeliver.error} />
      <Table aria-label="Delivery log">
        <TableHead>
          <tr>
            <TableHeader>Event</TableHeader>
            <TableHeader>Status</TableHeader>
            <TableHeader>Attempts</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {log.data?.deliveries.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-muted-foreground">
                Nothing delivered yet.
              </TableCell>
            </TableRow>
          )}
          {log.data?.deliveries.map((delivery) => (
            <TableRow key={delivery.deliveryId} data-delivery={delivery.deliveryId}>
              <TableCell className="font-mono text-xs">{delivery.eventType}</TableCell>
              <TableCell label="Status">
                <Badge tone={TONE[delivery.status]}>{delivery.status.toLowerCase()}</Badge>
              </TableCell>
              <TableCell label="Attempts" className="text-xs">
                <ol className="grid gap-0.5">
                  {delivery.attempts.map((attempt) => (
                    <li key={`${attempt.at.seconds}.${attempt.at.nanos}`}>
                      {attempt.statusCode ? `HTTP ${attempt.statusCode}` : "no answer"} · {attempt.latencyMs}{" "}
                      ms
                      {attempt.error && attempt.statusCode === undefined ? ` · ${attempt.error}` : ""}
                    </li>
                  ))}
                </ol>
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(delivery.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!isActive || redeliver.isPending}
                  onClick={() => redeliver.mutate(delivery.deliveryId)}
                >
                  Redeliver
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
      {log.data && (
        <p className="text-xs text-muted-foreground">
          Deliveries are signed with this server&apos;s key (docs/webhooks.md):{" "}
          <span className="break-all font-mono" data-signing-key>
            {log.data.signingPublicKey}
          </span>
        </p>
      )}
    </div>
  );
}
