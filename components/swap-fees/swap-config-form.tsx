"use client";

import type { TSwapConfig } from "@/lib/api/swap-fees";
import { useZodForm } from "@/lib/client/use-zod-form";
import { ZSwapConfigForm } from "@/lib/queries/swap-fee-form";
import { useUpsertSwapConfig } from "@/lib/queries/swap-fees";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Field } from "../ui/field";

/**
 * Change the swap fee config (upsert_swap_config, stamped by the passkey), starting from the one in
 * force. The bps caps and the address format are checked here, before the passkey is asked.
 */
export function SwapConfigForm({ config }: { config: TSwapConfig }) {
  const upsert = useUpsertSwapConfig();
  const form = useZodForm(ZSwapConfigForm, {
    feeReceiverWalletAddress: config.feeReceiverWalletAddress,
    feeBps: config.feeBps,
    stableFeeBps: config.stableFeeBps ?? "",
  });
  const saved = upsert.data?.status === "ACTIVITY_STATUS_COMPLETED";
  return (
    <form
      className="grid gap-3"
      aria-label="Swap fee config"
      noValidate
      onSubmit={form.handleSubmit((params) => upsert.mutate(params))}
    >
      <Field
        form={form}
        name="feeReceiverWalletAddress"
        label="Fee receiver wallet account"
        placeholder="0x…"
        autoComplete="off"
        hint="An Ethereum wallet account of this organization; fees accrue to it. Empty turns fees off."
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          form={form}
          name="feeBps"
          label="Fee (bps)"
          inputMode="numeric"
          hint="Taken from each swap's output, in basis points: at most 1000 (10%)."
        />
        <Field
          form={form}
          name="stableFeeBps"
          label="Stablecoin pair fee (bps)"
          inputMode="numeric"
          hint="When both sides are stablecoins; empty keeps the current value."
        />
      </div>
      <div>
        <Button type="submit" disabled={upsert.isPending}>
          {upsert.isPending ? "Saving…" : "Save swap fees"}
        </Button>
      </div>
      {saved && <Alert tone="info">Swap fee config saved.</Alert>}
      <ActivityOutcome activity={upsert.data} error={upsert.error} />
    </form>
  );
}
