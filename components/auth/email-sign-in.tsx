"use client";

import { useState } from "react";
import type { EmailSignInCodeResult } from "@/lib/api/email-sign-in";
import {
  finishEmailSignIn,
  requestSignInCode,
  ZEmailCodeForm,
  ZEmailSignInForm,
} from "@/lib/client/email-sign-in";
import { useZodForm } from "@/lib/client/use-zod-form";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

/**
 * Sign-in with a code e-mailed to a user's verified address, the alternative to a passkey: first
 * the address, then the code. `organizationId` is the sign-in page's field, shared by both ways.
 */
export function EmailSignIn({
  organizationId,
  initialEmail = "",
  onSignedIn,
}: {
  organizationId: string;
  /** From an invitation's link. */
  initialEmail?: string;
  onSignedIn(): void;
}) {
  const [started, setStarted] = useState<{ email: string; flow: EmailSignInCodeResult }>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const emailForm = useZodForm(ZEmailSignInForm, { email: initialEmail });
  const codeForm = useZodForm(ZEmailCodeForm, { code: "" });

  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await step();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setBusy(false);
    }
  };
  const sendCode = emailForm.handleSubmit(({ email }) =>
    run(async () => {
      if (!organizationId) throw new Error("Enter the organization id first.");
      setStarted({ email, flow: await requestSignInCode(organizationId, email) });
    }),
  );
  const signIn = codeForm.handleSubmit(({ code }) =>
    run(async () => {
      await finishEmailSignIn(organizationId, started!.flow, code);
      onSignedIn();
    }),
  );

  if (!started) {
    return (
      <form className="grid gap-4" onSubmit={sendCode} noValidate aria-label="Sign in with an e-mail code">
        <Field
          form={emailForm}
          name="email"
          id="signInEmail"
          label="Email"
          type="email"
          autoComplete="email"
          hint="For users whose e-mail address is verified, and people invited by e-mail."
        />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? "Sending…" : "Email me a sign-in code"}
        </Button>
      </form>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={signIn} noValidate aria-label="Enter the e-mailed code">
      <Alert tone="info">
        If {started.email} belongs to a user with a verified address or was invited, a code is on its way. It
        is valid for 5 minutes.
      </Alert>
      <Field form={codeForm} name="code" label="Code from the e-mail" autoComplete="one-time-code" />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={busy}>
        {busy ? "Signing in…" : "Sign in with the code"}
      </Button>
      <Button
        type="button"
        variant="ghost"
        onClick={() => {
          setStarted(undefined);
          codeForm.reset({ code: "" });
          setError(undefined);
        }}
      >
        Use another address
      </Button>
    </form>
  );
}
