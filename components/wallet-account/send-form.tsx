"use client";

import { useEffect, useRef } from "react";
import { nativeAsset } from "@/lib/api/assets";
import type { ChainInfo } from "@/lib/api/chains";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useSupportedAssets } from "@/lib/queries/assets";
import { useAddressBalances } from "@/lib/queries/balances";
import { sponsorAvailability, useGasSponsorship } from "@/lib/queries/gas-sponsorship";
import { type SendFormContext, sendFormSchema, type TSendFormInput } from "@/lib/queries/send-form";
import { sendStatusId, useSend } from "@/lib/queries/sends";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { AmountField } from "./amount-field";
import { AssetSelect } from "./asset-select";
import { SendStatus } from "./send-status";
import { SponsorToggle } from "./sponsor-toggle";

/**
 * Send a chain's native coin or one of its tokens from this account, stamped by the passkey, then
 * follow the broadcast until it is final. EVM: eth_send_transaction (a token send is an ERC-20
 * `transfer` call). Solana: a transfer built here and sent with sol_send_transaction. The amount is
 * checked against the asset's decimals and the balance shown before any passkey prompt.
 */
export function SendForm({ from, chains }: { from: string; chains: readonly ChainInfo[] }) {
  const family = chains[0]!.family;
  const send = useSend();
  // What the schema reads when it validates, filled in below as the chosen chain's answers arrive.
  const ctx = useRef<SendFormContext>({ from, family, assets: {}, balances: {} }).current;
  const defaults: TSendFormInput = {
    to: "",
    amount: "",
    caip2: chains[0]!.caip2,
    asset: nativeAsset(chains[0]!.caip2).caip19,
    sponsor: false,
  };
  const form = useZodForm(sendFormSchema(ctx), defaults);
  const caip2 = form.watch("caip2");
  const assets = useSupportedAssets(caip2);
  const balances = useAddressBalances(from, caip2);
  const sponsorship = useGasSponsorship();
  const availability = sponsorship.data && sponsorAvailability(sponsorship.data, family);
  ctx.assets[caip2] = assets.data;
  ctx.balances[caip2] = balances.data;
  ctx.gasStation = availability && "gasStation" in availability ? availability.gasStation : undefined;

  // Another chain has other assets: start again from its native coin.
  useEffect(() => form.setValue("asset", nativeAsset(caip2).caip19), [caip2, form]);
  // A switch that cannot be used is never left on.
  const canSponsor = ctx.gasStation !== undefined;
  useEffect(() => {
    if (!canSponsor) form.setValue("sponsor", false);
  }, [canSponsor, form]);

  const chain = fieldErrorProps(form, "caip2", "sendChain");
  const asset = fieldErrorProps(form, "asset", "sendAsset");
  const statusId = sendStatusId(send.data);
  return (
    <form
      className="grid max-w-3xl gap-3"
      onSubmit={form.handleSubmit((plan) => send.mutate(plan))}
      noValidate
      aria-label="Send"
    >
      <Field
        form={form}
        name="to"
        id="sendTo"
        label="Recipient"
        placeholder={family === "evm" ? "0x…" : "Solana address"}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="sendChain">Chain</Label>
          <Select id="sendChain" {...chain.inputProps} {...form.register("caip2")}>
            {chains.map((c) => (
              <option key={c.caip2} value={c.caip2}>
                {c.name}
              </option>
            ))}
          </Select>
          <FieldError id={chain.errorId} message={chain.message} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="sendAsset">Asset</Label>
          <AssetSelect
            id="sendAsset"
            caip2={caip2}
            assets={assets.data}
            {...asset.inputProps}
            {...form.register("asset")}
          />
          <FieldError id={asset.errorId} message={asset.message} />
        </div>
      </div>
      <AmountField form={form} assets={assets.data} balances={balances.data} />
      <SponsorToggle
        availability={availability}
        error={sponsorship.error?.message}
        {...form.register("sponsor")}
      />
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? "Sending…" : "Send with passkey"}
        </Button>
      </div>
      <ActivityOutcome activity={send.data} error={send.error} />
      {statusId && <SendStatus key={statusId} sendTransactionStatusId={statusId} />}
    </form>
  );
}
