"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { AuthPage } from "@/components/auth/auth-page";
import { EmailSignIn } from "@/components/auth/email-sign-in";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError, fieldErrorProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DASHBOARD_HOME } from "@/lib/client/dashboard-home";
import { signIn, ZSignInForm } from "@/lib/client/login";
import { lastOrganization } from "@/lib/client/session-store";
import { useZodForm } from "@/lib/client/use-zod-form";

const HINT_ID = "organizationId-hint";

export default function LoginPage() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [ended, setEnded] = useState(false);
  const [invitedEmail, setInvitedEmail] = useState("");
  const form = useZodForm(ZSignInForm, { organizationId: "" });
  useEffect(() => {
    // Read after hydration: the server has neither this browser's storage nor its URL.
    // An invitation's link names the organization and the invited address.
    const query = new URLSearchParams(window.location.search);
    form.reset({ organizationId: query.get("organizationId") ?? lastOrganization() });
    setInvitedEmail(query.get("email") ?? "");
    setEnded(query.has("ended"));
  }, [form]);
  const submit = form.handleSubmit(async ({ organizationId }) => {
    setBusy(true);
    setError(undefined);
    try {
      await signIn(organizationId);
      router.replace(DASHBOARD_HOME);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
      setBusy(false);
    }
  });
  const field = fieldErrorProps(form, "organizationId", "organizationId");
  // The hint always describes the field; an error, when there is one, too.
  const describedBy = [HINT_ID, field.inputProps["aria-describedby"]].filter(Boolean).join(" ");
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
      <form className="mt-6 grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-1.5">
          <Label htmlFor="organizationId">Organization id</Label>
          <Input
            id="organizationId"
            {...form.register("organizationId")}
            aria-invalid={field.inputProps["aria-invalid"]}
            aria-describedby={describedBy}
          />
          <p id={HINT_ID} className="text-xs text-muted-foreground">
            This browser remembers it after the first sign-in;{" "}
            <code className="font-mono">latchkey org create</code> prints it too.
          </p>
          <FieldError id={field.errorId} message={field.message} />
        </div>
        {error && <Alert>{error}</Alert>}
        <Button type="submit" disabled={busy || !form.watch("organizationId")}>
          {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
        </Button>
      </form>
      <div className="my-6 flex items-center gap-3 text-xs text-muted-foreground">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <EmailSignIn
        key={invitedEmail}
        initialEmail={invitedEmail}
        organizationId={form.watch("organizationId").trim()}
        onSignedIn={() => router.replace(DASHBOARD_HOME)}
      />
    </AuthPage>
  );
}
