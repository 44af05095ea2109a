"use client";

import { ShieldCheck } from "lucide-react";
import { type AuditTrailVerdict, useVerifyAuditTrail } from "@/lib/queries/audit-trail";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";

/** What the check found, in one sentence: the count and last checkpoint, or the first entry that does not match. */
function verdictText({ verdict, lastCheckpoint, serverKey }: AuditTrailVerdict): string {
  if (!verdict.ok) {
    const where = verdict.seq === null ? "A record" : `Entry #${verdict.seq}`;
    const what = verdict.kind ? ` (${verdict.kind}${verdict.recordId ? ` ${verdict.recordId}` : ""})` : "";
    return `${where}${what} does not match: ${verdict.reason}.`;
  }
  const key = `${serverKey.slice(0, 10)}…${serverKey.slice(-6)}`;
  const at =
    lastCheckpoint && Number.isFinite(lastCheckpoint.signedAtMs)
      ? ` at ${new Date(lastCheckpoint.signedAtMs).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" })}`
      : "";
  const entries = `${verdict.entries} ${verdict.entries === 1 ? "entry" : "entries"}`;
  return `Verified: ${entries}, last checkpoint #${lastCheckpoint?.seq ?? "0"} signed${at} by server key ${key}; ${verdict.stamps} stamps re-verified.`;
}

/**
 * "Verify audit trail": reads the organization's whole audit chain and its activities, and checks
 * links, hashes, stamps, checkpoint signatures and the live records in this browser.
 */
export function VerifyAuditTrail() {
  const check = useVerifyAuditTrail();
  return (
    <div className="grid gap-2">
      <div>
        <Button variant="outline" size="sm" disabled={check.isPending} onClick={() => check.mutate()}>
          <ShieldCheck className="h-4 w-4" />
          {check.isPending ? "Verifying…" : "Verify audit trail"}
        </Button>
      </div>
      {check.error && <Alert>Could not verify the audit trail: {check.error.message}</Alert>}
      {check.data &&
        (check.data.verdict.ok ? (
          <Alert tone="info" data-audit-verdict="ok">
            {verdictText(check.data)}
          </Alert>
        ) : (
          <Alert data-audit-verdict="failed">{verdictText(check.data)}</Alert>
        ))}
    </div>
  );
}
