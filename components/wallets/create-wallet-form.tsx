"use client";

import { useZodForm } from "@/lib/client/use-zod-form";
import { createdWallet, useCreateWallet, ZNewWalletForm } from "@/lib/queries/wallets";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { ChainPicker } from "./chain-picker";
import { CreatedWallet } from "./created-wallet";

/** A new HD wallet: the server makes the mnemonic and derives account 0 on each chosen chain. */
export function CreateWalletForm() {
  const create = useCreateWallet();
  const form = useZodForm(ZNewWalletForm, { walletName: "", mnemonicLength: "12", chains: ["ethereum"] });
  const onSubmit = form.handleSubmit((wallet) => create.mutate(wallet, { onSuccess: () => form.reset() }));
  const mnemonicLength = fieldErrorProps(form, "mnemonicLength", "mnemonicLength");
  const result = createdWallet(create.data);
  return (
    <form className="grid max-w-3xl gap-4" onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem] sm:items-start">
        <Field form={form} name="walletName" label="Wallet name" />
        <div className="grid gap-1.5">
          <Label htmlFor="mnemonicLength">Mnemonic length</Label>
          <Select id="mnemonicLength" {...mnemonicLength.inputProps} {...form.register("mnemonicLength")}>
            <option value="12">12 words</option>
            <option value="24">24 words</option>
          </Select>
          <FieldError id={mnemonicLength.errorId} message={mnemonicLength.message} />
        </div>
      </div>
      <ChainPicker registration={form.register("chains")} error={fieldErrorProps(form, "chains", "chains")} />
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create wallet"}
      </Button>
      <ActivityOutcome activity={create.data} error={create.error} />
      {result && create.variables && (
        <CreatedWallet
          walletId={result.walletId}
          walletName={create.variables.walletName}
          presets={create.variables.chains}
          addresses={result.addresses}
        />
      )}
    </form>
  );
}
