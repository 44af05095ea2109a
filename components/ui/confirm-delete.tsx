"use client";

import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils/cn";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./alert-dialog";
import { Button } from "./button";

interface Props {
  /** What is deleted, as people call it: "user carol", "API key backend". */
  what: string;
  consequence: ReactNode;
  disabled?: boolean;
  onConfirm(): void;
  /** More for the person to read or answer before deleting (a preview, a checkbox). */
  children?: ReactNode;
  /** Keep "Delete" unavailable until what `children` asks for is given. */
  confirmDisabled?: boolean;
  /** Called whenever the dialog opens or closes, e.g. to clear what `children` collected. */
  onOpenChange?(open: boolean): void;
  /** For a dialog holding more than a sentence (a table, say). */
  wide?: boolean;
  /** What the button and the dialog call the deletion: "Delete" unless told ("Unlink"). */
  verb?: string;
}

/** A trash button that asks first; the passkey prompt that follows signs the deletion. */
export function ConfirmDelete({
  what,
  consequence,
  disabled,
  onConfirm,
  children,
  confirmDisabled,
  onOpenChange,
  wide,
  verb = "Delete",
}: Props) {
  return (
    <AlertDialog onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${verb} ${what}`} disabled={disabled}>
          <Trash2 className="h-4 w-4" />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className={cn(wide && "max-h-[calc(100vh-2rem)] max-w-3xl overflow-y-auto")}>
        <AlertDialogTitle>
          {verb} {what}?
        </AlertDialogTitle>
        <AlertDialogDescription>{consequence}</AlertDialogDescription>
        {children}
        <div className="flex justify-end gap-2">
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <Button variant="destructive" disabled={confirmDisabled} onClick={onConfirm}>
              {verb}
            </Button>
          </AlertDialogAction>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
