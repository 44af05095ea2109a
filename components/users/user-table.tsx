"use client";

import { formatTimestamp } from "@/lib/client/format";
import { useSession } from "@/lib/client/session-context";
import { useDeleteUser, useUsers } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { InviteUser } from "./invite-user";

export function UserTable() {
  const session = useSession();
  const users = useUsers();
  const remove = useDeleteUser();
  return (
    <div className="grid gap-2">
      {users.error && <Alert>{users.error.message}</Alert>}
      <ActivityOutcome activity={remove.data} error={remove.error} />
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>Email</TableHeader>
            <TableHeader>Credentials</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {users.data?.map((user) => (
            <TableRow key={user.userId} data-user={user.userName}>
              <TableCell className="font-medium">
                {user.userName} {user.userId === session.userId && <Badge>you</Badge>}
              </TableCell>
              <TableCell>{user.userEmail ?? "—"}</TableCell>
              <TableCell className="text-muted-foreground">
                {user.authenticators.length} passkeys, {user.apiKeys.length} API keys
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(user.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                {user.userId !== session.userId && (
                  <div className="flex items-start justify-end gap-1">
                    <InviteUser user={user} />
                    <ConfirmDelete
                      what={`user ${user.userName}`}
                      consequence="Their passkeys, API keys and sessions stop working at once."
                      disabled={remove.isPending}
                      onConfirm={() => remove.mutate(user.userId)}
                    />
                  </div>
                )}
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
