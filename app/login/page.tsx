"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useState } from "react";
import { Field } from "@/components/auth/field";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { signIn } from "@/lib/client/login";
import { lastOrganization } from "@/lib/client/session-store";

export default function LoginPage() {
  const router = useRouter();
  const [organizationId, setOrganizationId] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => setOrganizationId(lastOrganization()), []);
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
    <main className="mx-auto max-w-md p-8">
      <Card>
        <CardTitle>Sign in to Latchkey</CardTitle>
        <CardDescription>
          Your passkey signs a login; this browser then keeps a session key for 15 minutes.
        </CardDescription>
        <form className="mt-6 grid gap-4" onSubmit={submit}>
          <Field
            label="Organization id"
            id="organizationId"
            required
            value={organizationId}
            onChange={(e) => setOrganizationId(e.target.value)}
          />
          {error && <Alert>{error}</Alert>}
          <Button type="submit" disabled={busy || !organizationId}>
            {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
          </Button>
        </form>
      </Card>
    </main>
  );
}
