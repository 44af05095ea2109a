"use client";

import { formatTimestamp } from "@/lib/client/format";
import { useDeleteTag, useTags, useTagUsage } from "@/lib/queries/tags";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { RenameTag } from "./rename-tag";
import type { TagKind } from "./tag-kinds";

export function TagTable({ kind }: { kind: TagKind }) {
  const tags = useTags(kind.id);
  const usage = useTagUsage(kind.id);
  const remove = useDeleteTag(kind.id);
  return (
    <div className="grid gap-2">
      {tags.error && <Alert>{tags.error.message}</Alert>}
      <ActivityOutcome activity={remove.data} error={remove.error} />
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader className="first-letter:uppercase">{kind.targets}</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {tags.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="text-muted-foreground">
                No {kind.noun}s yet.
              </TableCell>
            </TableRow>
          )}
          {tags.data?.map((tag) => (
            <TableRow key={tag.tagId} data-tag={tag.tagName}>
              <TableCell>
                <RenameTag kind={kind} tag={tag} />
              </TableCell>
              <TableCell
                label={kind.targets}
                className="whitespace-nowrap text-muted-foreground"
                data-testid="tag-usage"
              >
                {usage ? (usage.get(tag.tagId) ?? 0) : "…"}
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(tag.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <ConfirmDelete
                  what={`${kind.noun} ${tag.tagName}`}
                  consequence={`It is taken off every one of the ${kind.targets} that carry it.`}
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(tag.tagId)}
                />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
