"use client";

import { useState } from "react";
import { Checkbox } from "../ui/checkbox";
import { ConfirmDelete } from "../ui/confirm-delete";

interface Props {
  /** "wallet Treasury", "private key hot". */
  what: string;
  /** Whether it has been exported: the API's one test for "a copy exists elsewhere". */
  exported: boolean;
  disabled?: boolean;
  onConfirm(deleteWithoutExport: boolean): void;
}

/**
 * Deleting key material is final. The API refuses to delete a wallet or key that was never
 * exported unless `deleteWithoutExport` is set; this dialog says so and sets it only when the
 * person ticks the box that says they accept losing it.
 */
export function ConfirmDeleteSecret({ what, exported, disabled, onConfirm }: Props) {
  const [accepted, setAccepted] = useState(false);
  return (
    <ConfirmDelete
      what={what}
      consequence={
        exported
          ? "Its key material is erased from this server; the export you made is then the only copy."
          : "It has never been exported, so this server may hold the only copy of its keys: deleting it would lose them, and whatever they control, for good. The server refuses unless you confirm below (deleteWithoutExport)."
      }
      disabled={disabled}
      onConfirm={() => onConfirm(!exported)}
      confirmDisabled={!exported && !accepted}
      onOpenChange={() => setAccepted(false)}
    >
      {!exported && (
        <Checkbox
          label="Delete without an export; I accept that the keys are lost"
          checked={accepted}
          onChange={(event) => setAccepted(event.currentTarget.checked)}
        />
      )}
    </ConfirmDelete>
  );
}
