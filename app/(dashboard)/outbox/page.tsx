"use client";

import { OutboxTable } from "@/components/outbox/outbox-table";

export default function OutboxPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Outbox</h1>
      <p className="text-sm text-muted-foreground">
        E-mail this organization sent: one-time codes and their delivery. Without LATCHKEY_SMTP_URL, mail goes
        to Latchkey's local SMTP sink, and what it received is shown here.
      </p>
      <OutboxTable />
    </div>
  );
}
