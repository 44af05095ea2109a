import type { UseFormReturn } from "react-hook-form";
import type { PolicyDraft, TPolicyForm } from "@/lib/queries/policy-draft";
import type { ExpressionCheck } from "@/lib/queries/policy-expression";
import { Field, FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { ExpressionField } from "./expression-field";

interface Props {
  form: UseFormReturn<PolicyDraft, unknown, TPolicyForm>;
  checks: { condition: ExpressionCheck; consensus: ExpressionCheck };
}

/** A policy's five fields; the two expressions show the server's verdict as they are typed. */
export function PolicyFields({ form, checks }: Props) {
  const effect = fieldErrorProps(form, "effect", "policyEffect");
  const notes = fieldErrorProps(form, "notes", "policyNotes");
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem] sm:items-start">
        <Field form={form} name="policyName" label="Policy name" />
        <div className="grid gap-1.5">
          <Label htmlFor="policyEffect">Effect</Label>
          <Select id="policyEffect" {...effect.inputProps} {...form.register("effect")}>
            <option value="EFFECT_ALLOW">Allow</option>
            <option value="EFFECT_DENY">Deny</option>
          </Select>
          <FieldError id={effect.errorId} message={effect.message} />
        </div>
      </div>
      <ExpressionField
        form={form}
        name="condition"
        id="policyCondition"
        label="Condition"
        hint="Which activities the policy applies to; empty applies to every activity. It may read activity, wallet, wallets, wallet_account, private_key, eth, solana, tron, bitcoin and tempo."
        placeholder="activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'"
        check={checks.condition}
      />
      <ExpressionField
        form={form}
        name="consensus"
        id="policyConsensus"
        label="Consensus"
        hint="For an allow: who must approve before the activity runs; empty needs nobody beyond the requester. It may read approvers and credentials; user tags are named by their ids."
        placeholder="approvers.filter(user, user.tags.contains('<user tag id>')).count() >= 2"
        check={checks.consensus}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="policyNotes">Notes</Label>
        <Textarea id="policyNotes" {...notes.inputProps} {...form.register("notes")} />
        <FieldError id={notes.errorId} message={notes.message} />
      </div>
    </>
  );
}
