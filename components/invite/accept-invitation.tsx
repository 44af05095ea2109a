"use client";

import Link from "next/link";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { useInvitation } from "./use-invitation";

/** What an invitation link shows: who is invited where, and the one button that makes their passkey. */
export function AcceptInvitation() {
  const { state, accept } = useInvitation();
  if (state.step === "reading") {
    return <p className="mt-6 text-sm text-muted-foreground">Checking the invitation…</p>;
  }
  if (state.step === "closed") {
    return (
      <div className="mt-6 grid gap-4">
        <Alert>{state.message}</Alert>
        <p className="text-sm text-muted-foreground">
          Already have a passkey?{" "}
          <Link className="font-medium underline underline-offset-2" href="/login">
            Sign in
          </Link>
        </p>
      </div>
    );
  }
  const { open, busy, error } = state;
  return (
    <div className="mt-6 grid gap-4">
      <p data-testid="invitation-summary">
        You are invited to <strong>{open.organizationName}</strong> as <strong>{open.userName}</strong>.
      </p>
      <p className="text-sm text-muted-foreground">
        Your browser makes a passkey on this device; it signs you in and approves what you do. No password,
        and the passkey's private key never leaves the device.
      </p>
      {error && <Alert>{error}</Alert>}
      <Button onClick={() => accept(open)} disabled={busy}>
        {busy ? "Waiting for your passkey…" : "Create my passkey"}
      </Button>
    </div>
  );
}
