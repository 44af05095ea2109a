"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { AuthPage } from "@/components/auth/auth-page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PlainField } from "@/components/ui/plain-field";
import { createFirstOrganization } from "@/lib/client/first-run";
import { signIn } from "@/lib/client/login";
import { rememberOrganization } from "@/lib/client/session-store";

export default function SetupPage() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const email = String(form.get("userEmail") ?? "").trim();
      const created = await createFirstOrganization({
        organizationName: String(form.get("organizationName")),
        userName: String(form.get("userName")),
        ...(email ? { userEmail: email } : {}),
      });
      rememberOrganization(created.organizationId);
      await signIn(created.organizationId);
      router.replace("/activities");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  };
  return (
    <AuthPage
      title="Create organization"
      description="This installation has no organization yet. Create it, and register the passkey that will sign in as its first root user."
    >
      <form className="mt-6 grid gap-4" onSubmit={submit}>
        <PlainField label="Organization name" id="organizationName" required maxLength={256} />
        <PlainField label="Your user name" id="userName" required maxLength={256} autoComplete="username" />
        <PlainField label="Email (optional)" id="userEmail" type="email" autoComplete="email" />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? "Waiting for your passkey…" : "Create organization with a passkey"}
        </Button>
      </form>
    </AuthPage>
  );
}
