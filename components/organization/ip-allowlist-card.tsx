"use client";

import type { TIpAllowlist } from "@/lib/api/ip-allowlist";
import { useZodForm } from "@/lib/client/use-zod-form";
import {
  ipAllowlistDraft,
  useIpAllowlist,
  useRemoveIpAllowlist,
  useSetIpAllowlist,
  ZIpAllowlistForm,
} from "@/lib/queries/ip-allowlist";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { Checkbox } from "../ui/checkbox";
import { ConfirmDelete } from "../ui/confirm-delete";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";

function IpAllowlistForm({ current }: { current: TIpAllowlist }) {
  const save = useSetIpAllowlist();
  const remove = useRemoveIpAllowlist();
  const draft = ipAllowlistDraft(current);
  const form = useZodForm(ZIpAllowlistForm, draft, draft);
  const exists = current.rules.length > 0;
  return (
    <form
      className="grid max-w-3xl gap-3"
      onSubmit={form.handleSubmit((params) => save.mutate(params))}
      noValidate
      aria-label="IP allowlist"
    >
      <div className="grid gap-1">
        <Label htmlFor="ipRules">Allowed addresses, one CIDR block a line (a label may follow)</Label>
        <Textarea
          id="ipRules"
          rows={5}
          placeholder={"203.0.113.0/24 office\n2001:db8::/32"}
          className="font-mono"
          {...form.register("rules")}
        />
      </div>
      <Checkbox label="Enforce the allowlist" {...form.register("enabled")} />
      <div className="grid max-w-xs gap-1">
        <Label htmlFor="onEvaluationError">When the client address cannot be known</Label>
        <Select id="onEvaluationError" {...form.register("onEvaluationError")}>
          <option value="DENY">Refuse the request</option>
          <option value="ALLOW">Let the request in</option>
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save allowlist"}
        </Button>
        {exists ? (
          <ConfirmDelete
            what="the IP allowlist"
            consequence="Requests from every address will be let in again."
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(undefined)}
          />
        ) : null}
      </div>
      <ActivityOutcome activity={save.data ?? remove.data} error={save.error ?? remove.error} />
    </form>
  );
}

/** The organization's IP allowlist (set_ip_allowlist / remove_ip_allowlist, stamped by the passkey). */
export function IpAllowlistCard() {
  const allowlist = useIpAllowlist();
  return (
    <Card>
      <CardTitle>IP allowlist</CardTitle>
      <CardDescription>
        Only requests from these addresses reach the API; an API key may have its own list instead. The client
        address comes from X-Forwarded-For, read only when LATCHKEY_TRUST_PROXY says how many proxies are in
        front; take care not to leave out the address you work from.
      </CardDescription>
      <div className="mt-4">
        {allowlist.error ? <Alert>{allowlist.error.message}</Alert> : null}
        {allowlist.data ? (
          // Not remounted when the data changes (a save's refetch): the form follows the new values
          // but keeps what is being typed (useZodForm's serverValues).
          <IpAllowlistForm current={allowlist.data} />
        ) : null}
      </div>
    </Card>
  );
}
