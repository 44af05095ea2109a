"use client";

import type { FormEvent } from "react";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { useUsers } from "@/lib/queries/users";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { PlainField } from "../ui/plain-field";
import { Select } from "../ui/select";

const CURVES = {
  API_KEY_CURVE_P256: "P-256",
  API_KEY_CURVE_SECP256K1: "secp256k1",
  API_KEY_CURVE_ED25519: "Ed25519",
};

interface NewKey {
  userId: string;
  apiKeyName: string;
  publicKey: string;
  curveType: string;
}

/** Register a public key someone generated elsewhere; the private key never comes near the dashboard. */
export function CreateApiKeyForm() {
  const session = useSession();
  const users = useUsers();
  const create = useActivityMutation<NewKey>(
    "create_api_keys",
    ({ userId, ...key }) => ({ userId, apiKeys: [key] }),
    ["users"],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      {
        userId: String(data.get("keyUser")),
        apiKeyName: String(data.get("apiKeyName")).trim(),
        publicKey: String(data.get("publicKey")).trim(),
        curveType: String(data.get("curveType")),
      },
      { onSuccess: () => form.reset() },
    );
  };
  return (
    <form className="grid max-w-3xl gap-3 sm:grid-cols-2" onSubmit={onSubmit}>
      <div className="grid gap-1.5">
        <Label htmlFor="keyUser">User</Label>
        <Select id="keyUser" name="keyUser" defaultValue={session.userId}>
          {users.data?.map((u) => (
            <option key={u.userId} value={u.userId}>
              {u.userName}
            </option>
          ))}
        </Select>
      </div>
      <PlainField label="Key name" id="apiKeyName" required maxLength={256} />
      <PlainField label="Public key (hex)" id="publicKey" required className="font-mono" />
      <div className="grid gap-1.5">
        <Label htmlFor="curveType">Curve</Label>
        <Select id="curveType" name="curveType">
          {Object.entries(CURVES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </div>
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
