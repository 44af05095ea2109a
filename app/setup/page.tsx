"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { AuthPage } from "@/components/auth/auth-page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { DASHBOARD_HOME } from "@/lib/client/dashboard-home";
import { createFirstOrganization, ZFirstRunForm } from "@/lib/client/first-run";
import { signIn } from "@/lib/client/login";
import { rememberOrganization } from "@/lib/client/session-store";
import { useZodForm } from "@/lib/client/use-zod-form";

export default function SetupPage() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useZodForm(ZFirstRunForm, { organizationName: "", userName: "", userEmail: "" });
  const submit = form.handleSubmit(async (input) => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await createFirstOrganization(input);
      rememberOrganization(created.organizationId);
      await signIn(created.organizationId);
      router.replace(DASHBOARD_HOME);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  });
  return (
    <AuthPage
      title="Create organization"
      description="This installation has no organization yet. Create it, and register the passkey that will sign in as its first root user."
    >
      <form className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        <Field form={form} name="organizationName" label="Organization name" />
        <Field form={form} name="userName" label="Your user name" autoComplete="username" />
        <Field form={form} name="userEmail" label="Email (optional)" type="email" autoComplete="email" />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" disabled={busy}>
          {busy ? "Waiting for your passkey…" : "Create organization with a passkey"}
        </Button>
      </form>
    </AuthPage>
  );
}
