"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { ACTIVITY_STATUSES, type TActivity } from "@/lib/api/activity";
import { query } from "@/lib/client/api";
import { formatTimestamp, humanize } from "@/lib/client/format";
import { useSession } from "../dashboard/session-context";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { StatusBadge } from "./status-badge";

const PAGE = 20;

/** Who submitted: the first vote is always the submitter's own. */
const submitter = (activity: TActivity) => activity.votes[0]?.user.userName ?? "—";

export function ActivityTable() {
  const session = useSession();
  const [status, setStatus] = useState("");
  const [type, setType] = useState("");
  const [cursors, setCursors] = useState<string[]>([]);
  // Newest first: each older page starts before the oldest row of the page above it.
  const before = cursors.at(-1);
  const list = useQuery({
    queryKey: ["activities", status, type, before],
    queryFn: () =>
      query<{ activities: TActivity[] }>(session, "list_activities", {
        ...(status ? { filterByStatus: [status] } : {}),
        ...(type ? { filterByType: [type.trim().toUpperCase()] } : {}),
        paginationOptions: { limit: String(PAGE), ...(before ? { before } : {}) },
      }),
  });
  const activities = list.data?.activities ?? [];
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm">
          Status
          <select
            aria-label="Filter by status"
            className="h-9 rounded-md border border-border bg-transparent px-2 text-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setCursors([]);
            }}
          >
            <option value="">All</option>
            {ACTIVITY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {humanize(s, "ACTIVITY_STATUS_")}
              </option>
            ))}
          </select>
        </label>
        <div className="grid w-80 gap-1 text-sm">
          <Label htmlFor="filter-type">Type</Label>
          <Input
            id="filter-type"
            aria-label="Filter by type"
            placeholder="ACTIVITY_TYPE_CREATE_USERS_V4"
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setCursors([]);
            }}
          />
        </div>
      </div>
      {list.error && <Alert>{list.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Status</TableHeader>
            <TableHeader>Type</TableHeader>
            <TableHeader>Who</TableHeader>
            <TableHeader>When</TableHeader>
          </tr>
        </TableHead>
        <tbody>
          {activities.map((a) => (
            <TableRow key={a.id} data-activity-id={a.id}>
              <TableCell>
                <StatusBadge status={a.status} />
              </TableCell>
              <TableCell>
                <Link className="font-medium underline-offset-2 hover:underline" href={`/activities/${a.id}`}>
                  {humanize(a.type, "ACTIVITY_TYPE_")}
                </Link>
              </TableCell>
              <TableCell>{submitter(a)}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(a.createdAt)}
              </TableCell>
            </TableRow>
          ))}
          {!list.isLoading && activities.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="py-6 text-center text-muted-foreground">
                No activities match.
              </TableCell>
            </TableRow>
          )}
        </tbody>
      </Table>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={activities.length < PAGE}
          onClick={() => setCursors([...cursors, activities.at(-1)!.id])}
        >
          Older
        </Button>
      </div>
    </div>
  );
}
