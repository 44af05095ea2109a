"use client";

import { addressFormatLabel, curveLabel } from "@/lib/client/address-formats";
import { formatTimestamp } from "@/lib/client/format";
import { usePrivateKeys } from "@/lib/queries/private-keys";
import { useTags } from "@/lib/queries/tags";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { ProvenanceBadges } from "../wallets/provenance-badges";
import { PrivateKeyActions } from "./private-key-actions";

/** The organization's private keys with their addresses and tags; export and delete per key. */
export function PrivateKeyTable() {
  const keys = usePrivateKeys();
  const tags = useTags("private-key");
  const tagName = (id: string) => tags.data?.find((t) => t.tagId === id)?.tagName ?? id;
  return (
    <div className="grid gap-2">
      {keys.error && <Alert>{keys.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>Curve</TableHeader>
            <TableHeader>Addresses</TableHeader>
            <TableHeader>Tags</TableHeader>
            <TableHeader>Backup</TableHeader>
            <TableHeader>Created</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {keys.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={7} className="text-muted-foreground">
                No private keys yet.
              </TableCell>
            </TableRow>
          )}
          {keys.data?.map((key) => (
            <TableRow key={key.privateKeyId} data-private-key={key.privateKeyName}>
              <TableCell className="font-medium">{key.privateKeyName}</TableCell>
              <TableCell label="Curve" className="whitespace-nowrap">
                {curveLabel(key.curve)}
              </TableCell>
              <TableCell label="Addresses">
                <ul className="grid gap-0.5">
                  {key.addresses.map(({ format, address }) => (
                    <li key={format} className="flex items-center gap-1" data-address-format={format}>
                      <span className="whitespace-nowrap text-xs text-muted-foreground">
                        {addressFormatLabel(format)}
                      </span>
                      <span className="break-all font-mono text-xs" data-testid="key-address">
                        {address}
                      </span>
                      <CopyButton value={address} label={`Copy address ${address}`} />
                    </li>
                  ))}
                </ul>
              </TableCell>
              <TableCell label="Tags">
                <span className="flex flex-wrap gap-1">
                  {key.privateKeyTags.map((id) => (
                    <Badge key={id} className="whitespace-nowrap">
                      {tagName(id)}
                    </Badge>
                  ))}
                </span>
              </TableCell>
              <TableCell label="Backup">
                <ProvenanceBadges exported={key.exported} imported={key.imported} />
              </TableCell>
              <TableCell label="Created" className="whitespace-nowrap text-muted-foreground">
                {formatTimestamp(key.createdAt)}
              </TableCell>
              <TableCell>
                <PrivateKeyActions privateKey={key} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
