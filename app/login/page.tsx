"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useState } from "react";
import { AuthPage } from "@/components/auth/auth-page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlainField } from "@/components/ui/plain-field";
import { signIn } from "@/lib/client/login";
import { lastOrganization } from "@/lib/client/session-store";

export default function LoginPage() {
  const router = useRouter();
  const [organizationId, setOrganizationId] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    setOrganizationId(lastOrganization());
    setEnded(new URLSearchParams(window.location.search).has("ended"));
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await signIn(organizationId.trim());
      router.replace("/activities");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  };
  return (
    <AuthPage
      title="Sign in"
      description="Your passkey signs a login; this browser then keeps a session key, so browsing needs no further prompt until the session expires."
    >
      {ended && (
        <Alert tone="info" className="mt-4">
          Your session ended. Sign in again to continue.
        </Alert>
      )}
      <form className="mt-6 grid gap-4" onSubmit={submit}>
        <PlainField
          label="Organization id"
          id="organizationId"
          required
          value={organizationId}
          onChange={(e) => setOrganizationId(e.target.value)}
          aria-describedby="organizationId-hint"
        />
        <p id="organizationId-hint" className="-mt-2 text-xs text-muted-foreground">
          This browser remembers it after the first sign-in;{" "}
          <code className="font-mono">latchkey org create</code> prints it too.
        </p>
        {error && <Alert>{error}</Alert>}
        <Button type="submit" disabled={busy || !organizationId}>
          {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
        </Button>
      </form>
    </AuthPage>
  );
}
