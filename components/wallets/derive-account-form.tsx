"use client";

import type { TWalletAccount } from "@/lib/api/wallets";
import { CHAIN_PRESETS, nextIndex, presetById } from "@/lib/client/chain-presets";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useDeriveAccount, ZDeriveAccountForm } from "@/lib/queries/wallets";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";

/** One more account of the wallet on a chosen chain, at the first index it does not have yet. */
export function DeriveAccountForm({ walletId, accounts }: { walletId: string; accounts: TWalletAccount[] }) {
  const derive = useDeriveAccount(walletId, accounts);
  const form = useZodForm(ZDeriveAccountForm, { chain: CHAIN_PRESETS[0]!.id });
  // Shown before submitting: the account the server will derive on the chain now picked.
  const preset = presetById(form.watch("chain")) ?? CHAIN_PRESETS[0]!;
  const index = nextIndex(preset, accounts);
  const chain = fieldErrorProps(form, "chain", "deriveChain");
  return (
    <form
      className="grid max-w-3xl gap-3 sm:grid-cols-[16rem_1fr_auto] sm:items-end"
      onSubmit={form.handleSubmit((account) => derive.mutate(account))}
      noValidate
    >
      <div className="grid gap-1.5">
        <Label htmlFor="deriveChain">Chain</Label>
        <Select id="deriveChain" {...chain.inputProps} {...form.register("chain")}>
          {CHAIN_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </Select>
      </div>
      <p className="text-sm text-muted-foreground sm:pb-2">
        Account #{index} at <span className="font-mono text-foreground">{preset.path(index)}</span>
      </p>
      <Button type="submit" disabled={derive.isPending}>
        {derive.isPending ? "Deriving…" : "Derive account"}
      </Button>
      <FieldError id={chain.errorId} message={chain.message} />
      <ActivityOutcome className="sm:col-span-3" activity={derive.data} error={derive.error} />
    </form>
  );
}
