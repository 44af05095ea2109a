"use client";

import type { TPrivateKey } from "@/lib/api/private-keys";
import { PRIVATE_KEYS } from "@/lib/queries/private-keys";
import { SecretExportDialog } from "../wallets/secret-export-dialog";

/** Export a private key (export_private_key), shown as hex. */
export function ExportPrivateKeyDialog({ privateKey }: { privateKey: TPrivateKey }) {
  return (
    <SecretExportDialog
      title={`Export private key ${privateKey.privateKeyName}`}
      warning="This is the key itself: anyone who sees it controls every address it has."
      spec={{
        path: "export_private_key",
        resultKey: "exportPrivateKeyResult",
        parameters: (targetPublicKey) => ({ privateKeyId: privateKey.privateKeyId, targetPublicKey }),
        contents: "hex",
        invalidates: [PRIVATE_KEYS],
      }}
    >
      {(hex) => (
        <p className="break-all rounded-md bg-muted p-4 font-mono text-sm" data-testid="private-key-hex">
          {hex}
        </p>
      )}
    </SecretExportDialog>
  );
}
