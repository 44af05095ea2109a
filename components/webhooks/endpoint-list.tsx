"use client";

import { useState } from "react";
import type { TWebhookEndpoint } from "@/lib/api/webhooks";
import { WEBHOOK_EVENT_LABELS } from "@/lib/api/webhooks";
import { formatTimestamp } from "@/lib/client/format";
import { useDeleteWebhook, useSetWebhookActive, useWebhookEndpoints } from "@/lib/queries/webhooks";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDelete } from "../ui/confirm-delete";
import { DeliveryLog } from "./delivery-log";

function EndpointCard({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const [open, setOpen] = useState(false);
  const setActive = useSetWebhookActive();
  const remove = useDeleteWebhook();
  return (
    <Card className="grid gap-3 p-4" data-endpoint={endpoint.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-medium">{endpoint.name}</h2>
        <Badge tone={endpoint.isActive ? "success" : "neutral"}>
          {endpoint.isActive ? "active" : "inactive"}
        </Badge>
        <span className="break-all font-mono text-xs text-muted-foreground">{endpoint.url}</span>
      </div>
      {endpoint.disabledReason && (
        // The organization is told here why Latchkey stopped calling it.
        <Alert>Latchkey deactivated this endpoint — {endpoint.disabledReason}</Alert>
      )}
      {endpoint.isActive && endpoint.failingSince && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          Failing since {formatTimestamp(endpoint.failingSince)}
        </p>
      )}
      <ul className="flex flex-wrap gap-1.5" aria-label="Subscriptions">
        {endpoint.subscriptions.map((s) => (
          <li key={s.eventType}>
            <Badge tone={s.isActive === false ? "neutral" : "warning"}>
              {WEBHOOK_EVENT_LABELS[s.eventType] ?? s.eventType}
            </Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide deliveries" : "Deliveries"}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={setActive.isPending}
          onClick={() => setActive.mutate({ endpointId: endpoint.endpointId, isActive: !endpoint.isActive })}
        >
          {endpoint.isActive ? "Deactivate" : "Activate"}
        </Button>
        <ConfirmDelete
          what={`webhook endpoint ${endpoint.name}`}
          consequence="Deliveries still pending to it are dropped. Its delivery log is kept."
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(endpoint.endpointId)}
        />
      </div>
      <ActivityOutcome activity={setActive.data ?? remove.data} error={setActive.error ?? remove.error} />
      {open && <DeliveryLog endpointId={endpoint.endpointId} isActive={endpoint.isActive} />}
    </Card>
  );
}

export function EndpointList() {
  const endpoints = useWebhookEndpoints();
  return (
    <div className="grid gap-3">
      {endpoints.error && <Alert>{endpoints.error.message}</Alert>}
      {endpoints.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No webhook endpoints yet.</p>
      )}
      {endpoints.data?.map((endpoint) => (
        <EndpointCard key={endpoint.endpointId} endpoint={endpoint} />
      ))}
    </div>
  );
}
