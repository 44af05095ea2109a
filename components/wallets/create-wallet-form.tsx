"use client";

import type { FormEvent } from "react";
import { accountParams, type ChainPreset, presetById } from "@/lib/client/chain-presets";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { PlainField } from "../ui/plain-field";
import { Select } from "../ui/select";
import { ChainPicker } from "./chain-picker";
import { CreatedWallet } from "./created-wallet";
import { WALLET_LIST } from "./use-wallets";

interface NewWallet {
  walletName: string;
  mnemonicLength: number;
  presets: ChainPreset[];
}

/** A new HD wallet: the server makes the mnemonic and derives account 0 on each chosen chain. */
export function CreateWalletForm() {
  const create = useActivityMutation<NewWallet>(
    "create_wallet",
    ({ walletName, mnemonicLength, presets }) => ({
      walletName,
      mnemonicLength,
      accounts: presets.map((preset) => accountParams(preset, 0)),
    }),
    [WALLET_LIST],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      {
        walletName: String(data.get("walletName")).trim(),
        mnemonicLength: Number(data.get("mnemonicLength")),
        presets: data.getAll("chain").flatMap((id) => presetById(String(id)) ?? []),
      },
      { onSuccess: () => form.reset() },
    );
  };
  const result = create.data?.result.createWalletResult as
    | { walletId: string; addresses: string[] }
    | undefined;
  return (
    <form className="grid max-w-3xl gap-4" onSubmit={onSubmit}>
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <PlainField label="Wallet name" id="walletName" required maxLength={256} />
        <div className="grid gap-1.5">
          <Label htmlFor="mnemonicLength">Mnemonic length</Label>
          <Select id="mnemonicLength" name="mnemonicLength" defaultValue="12">
            <option value="12">12 words</option>
            <option value="24">24 words</option>
          </Select>
        </div>
      </div>
      <ChainPicker />
      <Button type="submit" className="justify-self-start" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create wallet"}
      </Button>
      <ActivityOutcome activity={create.data} error={create.error} />
      {result && create.variables && (
        <CreatedWallet
          walletId={result.walletId}
          walletName={create.variables.walletName}
          presets={create.variables.presets}
          addresses={result.addresses}
        />
      )}
    </form>
  );
}
