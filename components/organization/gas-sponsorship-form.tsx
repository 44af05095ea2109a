"use client";

import type { TGasSponsorship } from "@/lib/api/gas-sponsorship";
import { useZodForm } from "@/lib/client/use-zod-form";
import {
  gasSponsorshipDraft,
  useUpdateGasSponsorship,
  ZGasSponsorshipForm,
} from "@/lib/queries/gas-sponsorship";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Field } from "../ui/field";

/** Edit the sponsorship (upsert_gas_usage_config, root quorum only, stamped by the passkey). */
export function GasSponsorshipForm({ current }: { current: TGasSponsorship }) {
  const update = useUpdateGasSponsorship();
  const form = useZodForm(ZGasSponsorshipForm, gasSponsorshipDraft(current));
  return (
    <form
      className="grid max-w-3xl gap-3"
      onSubmit={form.handleSubmit((params) => update.mutate(params))}
      noValidate
      aria-label="Gas sponsorship"
    >
      <Checkbox label="Sponsor gas for this organization's sends" {...form.register("enabled")} />
      <Field
        form={form}
        name="evmGasStationAddress"
        id="evmGasStation"
        label="EVM gas station"
        placeholder="0x…"
        autoComplete="off"
        hint="An Ethereum wallet account or private key address of this organization; empty for none."
      />
      <Field
        form={form}
        name="solanaGasStationAddress"
        id="solanaGasStation"
        label="Solana gas station"
        autoComplete="off"
        hint="A Solana wallet account or private key address of this organization; empty for none."
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <Field form={form} name="orgWindowLimitUsd" label="Limit per window (USD)" inputMode="decimal" />
        <Field
          form={form}
          name="subOrgWindowLimitUsd"
          label="Limit per sub-organization (USD)"
          inputMode="decimal"
        />
        <Field form={form} name="windowDurationMinutes" label="Window (minutes)" inputMode="numeric" />
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save sponsorship"}
        </Button>
      </div>
      <ActivityOutcome activity={update.data} error={update.error} />
    </form>
  );
}
