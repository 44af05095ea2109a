"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import Link from "next/link";
import { activityLabel, formatTimestamp } from "@/lib/client/format";
import { useActivityPage } from "@/lib/queries/activities";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { ActivityFilters } from "./activity-filters";
import { StatusBadge } from "./status-badge";
import { submitterOf } from "./submitter";
import { useListParams } from "./use-list-params";

export function ActivityTable() {
  const { params, setFilter, older, newer } = useListParams();
  const page = useActivityPage(params);
  const activities = page.data?.activities ?? [];
  return (
    <div className="grid gap-4">
      <ActivityFilters status={params.status} type={params.type} onChange={setFilter} />
      {page.error && <Alert>{page.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader className="w-40">Status</TableHeader>
            <TableHeader>Type</TableHeader>
            <TableHeader>Who</TableHeader>
            <TableHeader className="w-56">When</TableHeader>
          </tr>
        </TableHead>
        <tbody>
          {activities.map((a) => (
            // On a phone the row is a card and its link covers all of it (the link's ::after), so the
            // whole card is one large touch target.
            <TableRow key={a.id} data-activity-id={a.id} className="relative hover:bg-muted/40">
              <TableCell label="Status">
                <StatusBadge status={a.status} />
              </TableCell>
              <TableCell label="Type">
                <Link
                  className="font-medium underline-offset-2 hover:underline max-sm:after:absolute max-sm:after:inset-0"
                  href={`/activities/${a.id}`}
                >
                  {activityLabel(a.type)}
                </Link>
              </TableCell>
              <TableCell label="Who">{submitterOf(a)}</TableCell>
              <TableCell label="When" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(a.createdAt)}
              </TableCell>
            </TableRow>
          ))}
          {page.isSuccess && activities.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                No activities match these filters.
              </TableCell>
            </TableRow>
          )}
          {page.isPending && (
            <TableRow>
              <TableCell colSpan={4} className="py-8 text-center text-muted-foreground">
                Loading…
              </TableCell>
            </TableRow>
          )}
        </tbody>
      </Table>
      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!page.data?.hasNewer || activities.length === 0}
          onClick={() => newer(activities[0]!.id)}
        >
          <ChevronLeft className="h-4 w-4" /> Newer
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!page.data?.hasOlder || activities.length === 0}
          onClick={() => older(activities.at(-1)!.id)}
        >
          Older <ChevronRight className="h-4 w-4" />
        </Button>
      </div>
    </div>
  );
}
