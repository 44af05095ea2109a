"use client";

import Link from "next/link";
import { formatTimestamp } from "@/lib/client/format";
import { useContractInterface } from "@/lib/queries/contracts";
import { Alert } from "../ui/alert";
import { Card } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { CopyButton } from "../ui/copy-button";
import { interfaceTypeLabel } from "./interface-types";

/** The stored text, indented for reading; shown as stored when it is not JSON after all. */
function pretty(definition: string): string {
  try {
    return JSON.stringify(JSON.parse(definition), null, 2);
  } catch {
    return definition;
  }
}

export function ContractDetail({ interfaceId }: { interfaceId: string }) {
  const item = useContractInterface(interfaceId);
  if (item.error) return <Alert>{item.error.message}</Alert>;
  if (!item.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const contract = item.data;
  return (
    <div className="grid gap-6">
      <div>
        <Link href="/contracts" className="text-sm text-muted-foreground hover:underline">
          ← Contract interfaces
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">{contract.label}</h1>
        <p className="mt-1 font-mono text-xs text-muted-foreground">{contract.smartContractInterfaceId}</p>
      </div>
      <Card className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
        <span className="text-muted-foreground">Type</span>
        <span>{interfaceTypeLabel(contract.type)}</span>
        <span className="text-muted-foreground">Address</span>
        <span className="flex items-center gap-1">
          <span className="break-all font-mono">{contract.smartContractAddress}</span>
          <CopyButton value={contract.smartContractAddress} label="Copy address" />
        </span>
        <span className="text-muted-foreground">Notes</span>
        <span className="whitespace-pre-wrap">{contract.notes || "—"}</span>
        <span className="text-muted-foreground">Created</span>
        <span>{formatTimestamp(contract.createdAt)}</span>
      </Card>
      <figure className="grid gap-1">
        <figcaption className="text-sm font-medium">Definition</figcaption>
        <CodeBlock className="max-h-[32rem]" data-testid="contract-definition">
          {pretty(contract.smartContractInterface)}
        </CodeBlock>
      </figure>
    </div>
  );
}
