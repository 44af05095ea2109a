"use client";

import { forgetPasskeyOnThisDevice } from "@/lib/client/forget-passkey";
import { formatTimestamp } from "@/lib/client/format";
import { useDeletePasskey, usePasskeys, useProvenPasskeys } from "@/lib/queries/passkeys";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

/** A credential id is long and random: its ends are enough to tell two apart. */
const shorten = (id: string) => (id.length > 20 ? `${id.slice(0, 10)}…${id.slice(-6)}` : id);

const PROVEN =
  "Registered with a signature by this passkey over a fresh server challenge: it was really made here, not copied from elsewhere.";

const LAST_PASSKEY =
  "This is your only passkey, so it cannot be deleted: without it you could no longer sign in or approve anything. Add another passkey first.";

/**
 * The signed-in user's passkeys, a "Proven" badge on those registered with a possession proof; the
 * last one cannot be deleted from here.
 */
export function PasskeyTable() {
  const passkeys = usePasskeys();
  const proven = useProvenPasskeys();
  const remove = useDeletePasskey();
  const rows = passkeys.data ?? [];
  const last = rows.length === 1;
  return (
    <div className="grid gap-2">
      {passkeys.error && <Alert>{passkeys.error.message}</Alert>}
      <ActivityOutcome activity={remove.data} error={remove.error} />
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader>Credential id</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {rows.map((passkey) => (
            <TableRow key={passkey.authenticatorId} data-passkey={passkey.authenticatorName}>
              <TableCell className="font-medium">
                {passkey.authenticatorName}
                {proven.data?.has(passkey.authenticatorId) && (
                  <Badge tone="success" className="ml-2" title={PROVEN} data-testid="passkey-proven">
                    Proven
                  </Badge>
                )}
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(passkey.createdAt)}
              </TableCell>
              <TableCell label="Credential id" className="font-mono text-xs" title={passkey.credentialId}>
                {shorten(passkey.credentialId)}
              </TableCell>
              <TableCell className="text-right">
                <ConfirmDelete
                  what={`passkey ${passkey.authenticatorName}`}
                  consequence="It can no longer sign in or approve. Your device may still offer it: remove it there too."
                  disabled={last || remove.isPending}
                  onConfirm={() =>
                    remove.mutate(passkey, {
                      onSuccess: (activity) =>
                        activity.status === "ACTIVITY_STATUS_COMPLETED" &&
                        forgetPasskeyOnThisDevice(passkey.credentialId),
                    })
                  }
                />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
      {last && (
        <Alert tone="info" data-testid="last-passkey">
          {LAST_PASSKEY}
        </Alert>
      )}
    </div>
  );
}
