"use client";

import { useState } from "react";
import { formatTimestamp } from "@/lib/client/format";
import { useSession } from "@/lib/client/session-context";
import { useDebouncedValue } from "@/lib/client/use-debounced-value";
import { useDeleteUser, useUserContacts, useUsers } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { ContactCell } from "./contact-cell";
import { InviteUser } from "./invite-user";
import { USER_DETAIL_ID, UserDetail } from "./user-detail";

export function UserTable() {
  const session = useSession();
  const users = useUsers();
  const remove = useDeleteUser();
  const [search, setSearch] = useState("");
  const [openId, setOpenId] = useState<string>();
  const opened = users.data?.find((u) => u.userId === openId);
  const contact = useDebouncedValue(search.trim(), 250);
  // The search answers which users match and whether their contacts are verified; list_users, the
  // rest of each row. Rows show once both are in, so a search never flashes the whole list.
  const contacts = useUserContacts(contact);
  const byId = new Map(contacts.data?.map((c) => [c.userId, c]));
  const shown = contacts.data ? users.data?.filter((u) => byId.has(u.userId)) : undefined;
  return (
    <div className="grid gap-2">
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor="userSearch">Search by e-mail or phone</Label>
        <Input
          id="userSearch"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="alice@ or +1 415"
        />
      </div>
      {users.error && <Alert>{users.error.message}</Alert>}
      {contacts.error && <Alert>{contacts.error.message}</Alert>}
      {contact && shown?.length === 0 && (
        <p className="text-sm text-muted-foreground" role="status">
          No user has an e-mail address or phone number containing “{contact}”.
        </p>
      )}
      <ActivityOutcome activity={remove.data} error={remove.error} />
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>Email</TableHeader>
            <TableHeader>Phone</TableHeader>
            <TableHeader>Credentials</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {shown?.map((user) => (
            <TableRow key={user.userId} data-user={user.userName}>
              <TableCell className="font-medium">
                {user.userName} {user.userId === session.userId && <Badge>you</Badge>}
              </TableCell>
              <TableCell label="Email">
                <ContactCell value={user.userEmail} verified={byId.get(user.userId)?.userEmailVerified} />
              </TableCell>
              <TableCell label="Phone">
                <ContactCell
                  value={user.userPhoneNumber}
                  verified={byId.get(user.userId)?.userPhoneNumberVerified}
                />
              </TableCell>
              <TableCell label="Credentials" className="text-muted-foreground">
                {user.authenticators.length} passkeys, {user.apiKeys.length} API keys
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(user.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <div className="flex items-start justify-end gap-1">
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Details of ${user.userName}`}
                    aria-expanded={user.userId === openId}
                    aria-controls={user.userId === openId ? USER_DETAIL_ID : undefined}
                    onClick={() => setOpenId(user.userId === openId ? undefined : user.userId)}
                  >
                    Details
                  </Button>
                  {user.userId !== session.userId && (
                    <>
                      <InviteUser user={user} />
                      <ConfirmDelete
                        what={`user ${user.userName}`}
                        consequence="Their passkeys, API keys and sessions stop working at once."
                        disabled={remove.isPending}
                        onConfirm={() => remove.mutate(user.userId)}
                      />
                    </>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
      {opened && <UserDetail user={opened} onClose={() => setOpenId(undefined)} />}
    </div>
  );
}
