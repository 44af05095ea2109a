"use client";

import { useRef } from "react";
import { nativeAsset, type TAssetBalance } from "@/lib/api/assets";
import { CHAINS, chainInfo } from "@/lib/api/chains";
import { useZodForm } from "@/lib/client/use-zod-form";
import { useAddressBalances } from "@/lib/queries/balances";
import { sendFormSchema, sendStatusId, type TSendFormInput, useSendEth } from "@/lib/queries/sends";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Button } from "../ui/button";
import { Checkbox } from "../ui/checkbox";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { SendStatus } from "./send-status";

const EVM_CHAINS = CHAINS.filter((c) => c.family === "evm");
const DEFAULTS: TSendFormInput = { to: "", amount: "", caip2: EVM_CHAINS[0]!.caip2, sponsor: false };

/**
 * Send the chain's native coin from this account (eth_send_transaction, stamped by the passkey),
 * then follow the broadcast until it is final. The amount is checked against the balance shown for
 * the chosen chain before any passkey prompt.
 */
export function SendForm({ from }: { from: string }) {
  const send = useSendEth();
  // The balances the form has seen, by chain: the schema reads this record when it validates, and
  // the chain picked below fills it in as its balance arrives (the chain is a field of the form).
  const seen = useRef<Record<string, TAssetBalance | undefined>>({}).current;
  const form = useZodForm(sendFormSchema(from, seen), DEFAULTS);
  const caip2 = form.watch("caip2");
  const balances = useAddressBalances(from, caip2);
  seen[caip2] = balances.data?.find((b) => b.caip19 === nativeAsset(caip2).caip19);
  const symbol = chainInfo(caip2)?.nativeSymbol ?? "ETH";
  const chain = fieldErrorProps(form, "caip2", "sendChain");
  const statusId = sendStatusId(send.data);
  return (
    <form
      className="grid max-w-3xl gap-3"
      onSubmit={form.handleSubmit((params) => send.mutate(params))}
      noValidate
      aria-label="Send"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <Field form={form} name="to" id="sendTo" label="Recipient" placeholder="0x…" autoComplete="off" />
        <div className="grid gap-1.5">
          <Label htmlFor="sendChain">Chain</Label>
          <Select id="sendChain" {...chain.inputProps} {...form.register("caip2")}>
            {EVM_CHAINS.map((c) => (
              <option key={c.caip2} value={c.caip2}>
                {c.name}
              </option>
            ))}
          </Select>
          <FieldError id={chain.errorId} message={chain.message} />
        </div>
      </div>
      <Field
        form={form}
        name="amount"
        id="sendAmount"
        label={`Amount (${symbol})`}
        inputMode="decimal"
        autoComplete="off"
        className="max-w-xs"
        hint={seen[caip2] ? `Balance: ${seen[caip2].display.crypto} ${symbol}` : undefined}
      />
      <Checkbox label="Sponsor: the organization's gas station pays the gas" {...form.register("sponsor")} />
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
