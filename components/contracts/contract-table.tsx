"use client";

import Link from "next/link";
import { formatTimestamp } from "@/lib/client/format";
import { useContractInterfaces, useDeleteContract } from "@/lib/queries/contracts";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { ConfirmDelete } from "../ui/confirm-delete";
import { CopyButton } from "../ui/copy-button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { interfaceTypeLabel } from "./interface-types";

export function ContractTable() {
  const interfaces = useContractInterfaces();
  const remove = useDeleteContract();
  return (
    <div className="grid gap-2">
      {interfaces.error && <Alert>{interfaces.error.message}</Alert>}
      <ActivityOutcome activity={remove.data} error={remove.error} />
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Label</TableHeader>
            <TableHeader>Type</TableHeader>
            <TableHeader>Address</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {interfaces.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-muted-foreground">
                No contract interfaces yet.
              </TableCell>
            </TableRow>
          )}
          {interfaces.data?.map((item) => (
            <TableRow key={item.smartContractInterfaceId} data-contract={item.label}>
              <TableCell className="font-medium">
                <Link
                  className="underline-offset-2 hover:underline"
                  href={`/contracts/${item.smartContractInterfaceId}`}
                >
                  {item.label}
                </Link>
              </TableCell>
              <TableCell label="Type" className="whitespace-nowrap">
                {interfaceTypeLabel(item.type)}
              </TableCell>
              <TableCell label="Address">
                <span className="flex items-center gap-1">
                  <span className="break-all font-mono text-xs">{item.smartContractAddress}</span>
                  <CopyButton
                    value={item.smartContractAddress}
                    label={`Copy address ${item.smartContractAddress}`}
                  />
                </span>
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(item.createdAt)}
              </TableCell>
              <TableCell className="text-right">
                <ConfirmDelete
                  what={`contract interface ${item.label}`}
                  consequence="Policies can no longer decode calls to this contract with it. The activity that uploaded it keeps its content."
                  disabled={remove.isPending}
                  onConfirm={() => remove.mutate(item.smartContractInterfaceId)}
                />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
