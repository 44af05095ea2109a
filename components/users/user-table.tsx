"use client";

import { Trash2 } from "lucide-react";
import { formatTimestamp } from "@/lib/client/format";
import { useSession } from "../dashboard/session-context";
import { useActivityMutation } from "../dashboard/use-activity-mutation";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { useUsers } from "./use-users";

export function UserTable() {
  const session = useSession();
  const users = useUsers();
  const remove = useActivityMutation<string>(
    "delete_users",
    "ACTIVITY_TYPE_DELETE_USERS",
    (userId) => ({ userIds: [userId] }),
    ["users"],
  );
  return (
    <div className="grid gap-2">
      {(users.error ?? remove.error) && <Alert>{(users.error ?? remove.error)!.message}</Alert>}
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
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${user.userName}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(user.userId)}
                  >
                    <Trash2 className="h-4 w-4" />
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
