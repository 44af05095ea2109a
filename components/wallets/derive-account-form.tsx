"use client";

import { type FormEvent, useState } from "react";
import type { TWalletAccount } from "@/lib/api/wallets";
import { accountParams, CHAIN_PRESETS, nextIndex, presetById } from "@/lib/client/chain-presets";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { WALLET } from "./use-wallets";

interface NewAccount {
  presetId: string;
  index: number;
}

/** One more account of the wallet on a chosen chain, at the first index it does not have yet. */
export function DeriveAccountForm({ walletId, accounts }: { walletId: string; accounts: TWalletAccount[] }) {
  const [presetId, setPresetId] = useState(CHAIN_PRESETS[0]!.id);
  const preset = presetById(presetId)!;
  const index = nextIndex(preset, accounts);
  const derive = useActivityMutation<NewAccount>(
    "create_wallet_accounts",
    (input) => ({ walletId, accounts: [accountParams(presetById(input.presetId)!, input.index)] }),
    [WALLET],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    derive.mutate({ presetId, index });
  };
  return (
    <form className="grid max-w-3xl gap-3 sm:grid-cols-[16rem_1fr_auto] sm:items-end" onSubmit={onSubmit}>
      <div className="grid gap-1.5">
        <Label htmlFor="deriveChain">Chain</Label>
        <Select id="deriveChain" value={presetId} onChange={(event) => setPresetId(event.target.value)}>
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
      <ActivityOutcome className="sm:col-span-3" activity={derive.data} error={derive.error} />
    </form>
  );
}
