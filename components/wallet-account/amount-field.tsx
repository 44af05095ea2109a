"use client";

import type { UseFormReturn } from "react-hook-form";
import type { TAssetBalance, TAssetMetadata } from "@/lib/api/assets";
import { nativeAsset } from "@/lib/api/assets";
import type { SendPlan, TSendFormInput } from "@/lib/queries/send-form";
import { Field } from "../ui/field";

/**
 * The amount to send, in the chosen asset's display units, with the balance the form checks it
 * against (0 when the chain answered without the asset: only non-zero balances are listed).
 */
export function AmountField({
  form,
  assets,
  balances,
}: {
  form: UseFormReturn<TSendFormInput, unknown, SendPlan>;
  assets?: readonly TAssetMetadata[];
  balances?: readonly TAssetBalance[];
}) {
  const [caip2, caip19] = form.watch(["caip2", "asset"]);
  const asset = assets?.find((a) => a.caip19 === caip19) ?? nativeAsset(caip2);
  const balance = balances && (balances.find((b) => b.caip19 === asset.caip19)?.display.crypto ?? "0");
  return (
    <Field
      form={form}
      name="amount"
      id="sendAmount"
      label={`Amount (${asset.symbol})`}
      inputMode="decimal"
      autoComplete="off"
      className="max-w-xs"
      hint={balance !== undefined ? `Balance: ${balance} ${asset.symbol}` : undefined}
    />
  );
}
