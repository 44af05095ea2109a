"use client";

import { credentialLabel, formatTimestamp } from "@/lib/client/format";
import { useSession } from "@/lib/client/session-context";
import { useDeleteApiKey } from "@/lib/queries/api-keys";
import { useUsers } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";

/** Every user's API keys and sessions; this browser's own session is marked and cannot be deleted here. */
export function ApiKeyTable() {
  const session = useSession();
  const users = useUsers();
  const remove = useDeleteApiKey();
  const rows = (users.data ?? []).flatMap((user) => user.apiKeys.map((key) => ({ user, key })));
  return (
    <div className="grid gap-2">
      {users.error && <Alert>{users.error.message}</Alert>}
      <ActivityOutcome activity={remove.data} error={remove.error} />
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>User</TableHeader>
            <TableHeader>Type</TableHeader>
            <TableHeader>Public key</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {rows.map(({ user, key }) => {
            const mine = key.credential.publicKey === session.key.publicKey;
            return (
              <TableRow key={key.apiKeyId} data-api-key={key.apiKeyName}>
                <TableCell className="font-medium">
                  {key.apiKeyName} {mine && <Badge>this browser</Badge>}
                </TableCell>
                <TableCell label="User">{user.userName}</TableCell>
                <TableCell label="Type" className="text-muted-foreground">
                  {credentialLabel(key.credential.type)}
                </TableCell>
                <TableCell
                  label="Public key"
                  className="max-w-48 truncate font-mono text-xs"
                  title={key.credential.publicKey}
                >
                  {key.credential.publicKey}
                </TableCell>
                <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                  {formatTimestamp(key.createdAt)}
                </TableCell>
                <TableCell className="text-right">
                  {!mine && (
                    <ConfirmDelete
                      what={`API key ${key.apiKeyName}`}
                      consequence="Requests signed with this key are refused from then on."
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate({ userId: user.userId, apiKeyId: key.apiKeyId })}
                    />
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
