"use client";

import type { TOutboxMessage } from "@/lib/api/otp";
import { useOutbox, useResendOutboxMessage } from "@/lib/queries/outbox";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

const STATUS_LABEL: Record<TOutboxMessage["status"], string> = {
  QUEUED: "Queued",
  SENT: "Sent",
  FAILED: "Failed",
};

/** A code's message may go out again while its flow is open; the server checks the rest (used, locked, 3 resends). */
function ResendButton({ message }: { message: TOutboxMessage }) {
  const resend = useResendOutboxMessage();
  const open = message.resendableUntil !== undefined && new Date(message.resendableUntil) > new Date();
  if (message.status === "QUEUED" || !open) return null;
  return (
    <div className="mt-1 grid gap-1">
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() => resend.mutate(message.id)}
        data-testid="resend-message"
      >
        {resend.isPending ? "Resending…" : "Resend"}
      </Button>
      {resend.error && <span className="text-xs text-destructive">{resend.error.message}</span>}
      {message.resends ? (
        <span className="text-xs text-muted-foreground">resent {message.resends}×</span>
      ) : null}
    </div>
  );
}

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}

/** The organization's e-mail: recipient, subject, delivery status and, from the embedded sink, the text received. */
export function OutboxTable() {
  const outbox = useOutbox();
  return (
    <div className="grid gap-2">
      {outbox.error && <Alert>{outbox.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader>To</TableHeader>
            <TableHeader>Subject</TableHeader>
            <TableHeader>Status</TableHeader>
            <TableHeader>Created</TableHeader>
          </tr>
        </TableHead>
        <tbody>
          {outbox.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="text-muted-foreground">
                Nothing has been sent yet.
              </TableCell>
            </TableRow>
          )}
          {outbox.data?.map((message) => (
            <TableRow key={message.id} data-message={message.toAddress}>
              <TableCell>
                {message.toAddress} {message.channel === "SMS" && <Badge>SMS</Badge>}
              </TableCell>
              <TableCell>
                <div>{message.subject}</div>
                {message.receivedText && (
                  <details className="mt-1 text-sm">
                    <summary className="cursor-pointer text-muted-foreground">
                      {message.channel === "SMS"
                        ? "Text received by the local SMS sink"
                        : "Message received by the local SMTP sink"}
                    </summary>
                    <pre className="mt-1 whitespace-pre-wrap font-mono text-xs">{message.receivedText}</pre>
                  </details>
                )}
              </TableCell>
              <TableCell>
                <Badge>{STATUS_LABEL[message.status]}</Badge>
                {message.lastError && (
                  <div className="mt-1 text-xs text-muted-foreground">{message.lastError}</div>
                )}
                <ResendButton message={message} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                <When iso={message.createdAt} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
