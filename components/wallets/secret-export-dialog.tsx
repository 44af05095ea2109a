"use client";

import { ShieldAlert } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { type SecretExportSpec, useSecretExport } from "@/lib/queries/secret-export";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../ui/dialog";

interface Props {
  title: string;
  /** What the secret gives whoever sees it. */
  warning: string;
  spec: SecretExportSpec;
  /** How to show the decrypted secret. */
  children(secret: string): ReactNode;
}

/**
 * "Export": a warning first, then a passkey prompt, then the secret, decrypted here and shown
 * only inside this dialog. Closing the dialog forgets the secret and the key that opened it.
 */
export function SecretExportDialog({ title, warning, spec, children }: Props) {
  const exporting = useSecretExport(spec);
  return (
    <Dialog onOpenChange={(open) => !open && exporting.discard()}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          Export
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <div className="flex gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-amber-900 dark:text-amber-200">
            <ShieldAlert className="h-5 w-5 shrink-0" />
            <p>
              {warning} It is decrypted in this browser and sent nowhere; make sure nobody can see your
              screen. Closing this window forgets it.
            </p>
          </div>
        </DialogDescription>
        {exporting.error && <Alert>{exporting.error.message}</Alert>}
        {exporting.waiting && (
          <Alert tone="info">
            The export waits for other root users to approve it. Keep this window open: it opens here once
            approved (only this window holds the key to read it).{" "}
            <Link
              className="font-medium underline underline-offset-2"
              href={`/activities/${exporting.waiting.id}`}
              target="_blank"
            >
              View the activity
            </Link>
          </Alert>
        )}
        {exporting.secret !== undefined
          ? children(exporting.secret)
          : !exporting.waiting && (
              <Button onClick={exporting.reveal} disabled={exporting.busy} className="justify-self-start">
                {exporting.busy ? "Exporting…" : "Reveal with passkey"}
              </Button>
            )}
      </DialogContent>
    </Dialog>
  );
}
