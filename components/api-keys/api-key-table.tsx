"use client";

import { Trash2 } from "lucide-react";
import { formatTimestamp, humanize } from "@/lib/client/format";
import { useSession } from "../dashboard/session-context";
import { useActivityMutation } from "../dashboard/use-activity-mutation";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { useUsers } from "../users/use-users";

const SESSION_TYPE = "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256";

/** Every user's API keys and sessions; this browser's own session is marked and cannot be deleted here. */
export function ApiKeyTable() {
  const session = useSession();
  const users = useUsers();
  const remove = useActivityMutation<{ userId: string; apiKeyId: string }>(
    "delete_api_keys",
    "ACTIVITY_TYPE_DELETE_API_KEYS",
    ({ userId, apiKeyId }) => ({ userId, apiKeyIds: [apiKeyId] }),
    ["users"],
  );
  const rows = (users.data ?? []).flatMap((user) => user.apiKeys.map((key) => ({ user, key })));
  return (
    <div className="grid gap-2">
      {(users.error ?? remove.error) && <Alert>{(users.error ?? remove.error)!.message}</Alert>}
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
                <TableCell>{user.userName}</TableCell>
                <TableCell className="text-muted-foreground">
                  {key.credential.type === SESSION_TYPE
                    ? "Session"
                    : humanize(key.credential.type, "CREDENTIAL_TYPE_")}
                </TableCell>
                <TableCell className="max-w-48 truncate font-mono text-xs" title={key.credential.publicKey}>
                  {key.credential.publicKey}
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground">
                  {formatTimestamp(key.createdAt)}
                </TableCell>
                <TableCell className="text-right">
                  {!mine && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete ${key.apiKeyName}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ userId: user.userId, apiKeyId: key.apiKeyId })}
                    >
                      <Trash2 className="h-4 w-4" />
                    </Button>
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
