"use client";

import type { TApiKeyParams } from "@/lib/api/credentials";
import { useSession } from "@/lib/client/session-context";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useCreateApiKey, ZNewApiKeyForm } from "@/lib/queries/api-keys";
import { useUsers } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { SelectField } from "./select-field";

const CURVES: Record<TApiKeyParams["curveType"], string> = {
  API_KEY_CURVE_P256: "P-256",
  API_KEY_CURVE_SECP256K1: "secp256k1",
  API_KEY_CURVE_ED25519: "Ed25519",
};

/** Register a public key someone generated elsewhere; the private key never comes near the dashboard. */
export function CreateApiKeyForm() {
  const session = useSession();
  const users = useUsers();
  const create = useCreateApiKey();
  const form = useZodForm(ZNewApiKeyForm, {
    userId: session.userId,
    apiKeyName: "",
    publicKey: "",
    curveType: "API_KEY_CURVE_P256",
    expirationSeconds: "",
  });
  const onSubmit = form.handleSubmit((key) => create.mutate(key, { onSuccess: () => form.reset() }));
  const userOptions = users.data?.map((u) => ({ value: u.userId, label: u.userName }));
  return (
    <form className="grid max-w-3xl gap-3 sm:grid-cols-2" onSubmit={onSubmit} noValidate>
      {/* Mounted with its options only: a select registered while empty would show one user and send another. */}
      <SelectField form={form} name="userId" id="keyUser" label="User" options={userOptions} />
      <Field form={form} name="apiKeyName" label="Key name" />
      <Field form={form} name="publicKey" label="Public key (hex)" />
      <SelectField
        form={form}
        name="curveType"
        id="curveType"
        label="Curve"
        options={Object.entries(CURVES).map(([value, label]) => ({ value, label }))}
      />
      <Field
        form={form}
        name="expirationSeconds"
        label="Expires after (seconds)"
        inputMode="numeric"
        hint="Leave blank for a key that never expires."
      />
      {/* Not before the users are listed: an empty "User" choice would submit no user at all. */}
      <Button
        type="submit"
        className="sm:col-span-2 sm:justify-self-start"
        disabled={create.isPending || !users.data}
      >
        Add API key
      </Button>
      <ActivityOutcome className="sm:col-span-2" activity={create.data} error={create.error} />
    </form>
  );
}
