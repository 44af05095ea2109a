"use client";

import type { TPrivateKey } from "@/lib/api/private-keys";
import { useDeletePrivateKey } from "@/lib/queries/private-keys";
import { ActivityOutcome } from "../ui/activity-outcome";
import { ConfirmDeleteSecret } from "../wallets/confirm-delete-secret";
import { ExportPrivateKeyDialog } from "./export-private-key-dialog";

/** Export and delete for one key, with what became of a deletion underneath. */
export function PrivateKeyActions({ privateKey }: { privateKey: TPrivateKey }) {
  const remove = useDeletePrivateKey(privateKey.privateKeyId);
  return (
    <div className="grid justify-items-end gap-1">
      <div className="flex items-center gap-1">
        <ExportPrivateKeyDialog privateKey={privateKey} />
        <ConfirmDeleteSecret
          what={`private key ${privateKey.privateKeyName}`}
          exported={privateKey.exported}
          disabled={remove.isPending}
          onConfirm={(deleteWithoutExport) => remove.mutate(deleteWithoutExport)}
        />
      </div>
      <ActivityOutcome className="max-w-64 text-left" activity={remove.data} error={remove.error} />
    </div>
  );
}
