"use client";

import { useState } from "react";
import type { TEarnEnabledVault, TEarnPosition } from "@/lib/api/earn-wrappers";
import { humanize } from "@/lib/client/format";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useSupportedAssets } from "@/lib/queries/assets";
import { earnRequestId, useEarnFeature, useEnabledVaults } from "@/lib/queries/earn";
import {
  depositForm,
  useEarnDeposit,
  useEarnPositions,
  useEarnWithdraw,
  withdrawForm,
} from "@/lib/queries/earn-positions";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { PositionChart } from "./position-chart";
import { RequestProgress } from "./request-progress";

/** The decimals and symbol of an Earn asset, from its chain's asset list. */
function useAsset(caip19: string) {
  const caip2 = caip19.split("/")[0]!;
  const asset = useSupportedAssets(caip2).data?.find((a) => a.caip19.toLowerCase() === caip19.toLowerCase());
  return asset ? { symbol: asset.symbol, decimals: asset.decimals } : undefined;
}

/**
 * A wallet account's Earn: its positions (value now, lifetime deposited and withdrawn) with a
 * withdraw form each, and a deposit form into the organization's open wrappers. Hidden while the
 * organization has not enabled Earn.
 */
export function EarnPositions({ address }: { address: string }) {
  const on = useEarnFeature().data === true;
  const positions = useEarnPositions(address, on);
  const vaults = useEnabledVaults(on);
  if (!on) return null;
  return (
    <section className="grid min-w-0 gap-3" aria-labelledby="earn-heading">
      <h2 id="earn-heading" className="text-lg font-semibold">
        Earn
      </h2>
      {positions.error && <p className="text-sm text-destructive">{positions.error.message}</p>}
      {positions.data?.length === 0 && <p className="text-sm text-muted-foreground">No Earn position.</p>}
      <ul className="grid gap-3" aria-label="Earn positions">
        {positions.data?.map((p) => (
          <PositionRow key={p.wrapperAddress} position={p} address={address} />
        ))}
      </ul>
      {vaults.data && (
        <DepositForm address={address} vaults={vaults.data.filter((v) => !v.depositsDisabled)} />
      )}
    </section>
  );
}

function PositionRow({ position, address }: { position: TEarnPosition; address: string }) {
  const asset = useAsset(position.caip19);
  const d = position.display;
  const usd = (v?: string) => (v ? ` (${v} USD)` : "");
  return (
    <li className="grid gap-2 rounded-md border border-border p-3" data-testid="earn-position">
      <p className="break-all text-sm font-medium">
        {humanize(position.provider, "EARN_PROVIDER_")} · wrapper {position.wrapperAddress}
      </p>
      <p className="text-sm">
        Value <span data-testid="position-value">{d.currentValueCrypto}</span> {asset?.symbol}
        {usd(d.currentValueUsd)} · deposited {d.totalDepositedCrypto} · withdrawn {d.totalWithdrawnCrypto}
      </p>
      <PositionChart
        walletAddress={address}
        wrapperAddress={position.wrapperAddress}
        caip2={position.caip19.split("/")[0]!}
      />
      {asset && <WithdrawForm position={position} address={address} decimals={asset.decimals} />}
    </li>
  );
}

function WithdrawForm({
  position,
  address,
  decimals,
}: {
  position: TEarnPosition;
  address: string;
  decimals: number;
}) {
  const withdraw = useEarnWithdraw();
  const form = useZodForm(withdrawForm(decimals), { amount: "" });
  const id = `withdraw-${position.wrapperAddress}`;
  return (
    <form
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      noValidate
      aria-label="Withdraw"
      onSubmit={form.handleSubmit(({ amount }) =>
        withdraw.mutate({
          wrapperAddress: position.wrapperAddress,
          signWith: address,
          chainCaip2: position.caip19.split("/")[0]!,
          amount,
        }),
      )}
    >
      <Field form={form} name="amount" id={id} label="Withdraw amount (or MAX)" inputMode="decimal" />
      <Button type="submit" variant="outline" disabled={withdraw.isPending}>
        Withdraw
      </Button>
      <div className="sm:col-span-2">
        <RequestProgress
          path="get_earn_withdraw_status"
          requestId={earnRequestId(withdraw.data, "earnWithdrawResult", "withdrawRequestId")}
          what="Withdrawal"
        />
        <ActivityOutcome activity={withdraw.data} error={withdraw.error} />
      </div>
    </form>
  );
}

/** Choose an open vault; the amount form below it reads amounts in that vault's asset. */
function DepositForm({ address, vaults }: { address: string; vaults: TEarnEnabledVault[] }) {
  const [chosen, setChosen] = useState<string>();
  const vault = vaults.find((v) => v.wrapperAddress === chosen) ?? vaults[0];
  if (!vault) return <p className="text-sm text-muted-foreground">No open Earn vault to deposit into.</p>;
  return (
    <div className="grid gap-2">
      <Label htmlFor="deposit-wrapper">Deposit into</Label>
      <Select id="deposit-wrapper" value={vault.wrapperAddress} onChange={(e) => setChosen(e.target.value)}>
        {vaults.map((v) => (
          <option key={v.wrapperAddress} value={v.wrapperAddress}>
            {v.name} (net {(Number(v.netApyPct) * 100).toFixed(2)}%)
          </option>
        ))}
      </Select>
      <DepositAmount key={vault.wrapperAddress} address={address} vault={vault} />
    </div>
  );
}

function DepositAmount({ address, vault }: { address: string; vault: TEarnEnabledVault }) {
  const deposit = useEarnDeposit();
  const asset = useAsset(vault.caip19);
  const form = useZodForm(depositForm(asset?.decimals ?? 0), { amount: "" });
  return (
    <form
      className="grid gap-2"
      noValidate
      aria-label="Deposit"
      onSubmit={form.handleSubmit(({ amount }) =>
        deposit.mutate({
          wrapperAddress: vault.wrapperAddress,
          signWith: address,
          chainCaip2: vault.caip19.split("/")[0]!,
          amount,
        }),
      )}
    >
      <Field
        form={form}
        name="amount"
        id="deposit-amount"
        label={`Amount${asset ? ` (${asset.symbol})` : ""}`}
        inputMode="decimal"
      />
      <div>
        <Button type="submit" disabled={deposit.isPending || !asset}>
          Deposit
        </Button>
      </div>
      <RequestProgress
        path="get_earn_deposit_status"
        requestId={earnRequestId(deposit.data, "earnDepositResult", "depositRequestId")}
        what="Deposit"
      />
      <ActivityOutcome activity={deposit.data} error={deposit.error} />
    </form>
  );
}
