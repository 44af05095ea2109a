import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { ExpressionField } from "./expression-field";
import type { PolicyDraft } from "./policy-draft";
import type { ExpressionCheck } from "./use-expression-check";

interface Props {
  draft: PolicyDraft;
  checks: { condition: ExpressionCheck; consensus: ExpressionCheck };
  onChange(change: Partial<PolicyDraft>): void;
}

/** A policy's five fields; the two expressions show the server's verdict as they are typed. */
export function PolicyFields({ draft, checks, onChange }: Props) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="policyName">Policy name</Label>
          <Input
            id="policyName"
            name="policyName"
            required
            maxLength={256}
            value={draft.policyName}
            onChange={(e) => onChange({ policyName: e.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="policyEffect">Effect</Label>
          <Select
            id="policyEffect"
            name="policyEffect"
            value={draft.effect}
            onChange={(e) => onChange({ effect: e.target.value as PolicyDraft["effect"] })}
          >
            <option value="EFFECT_ALLOW">Allow</option>
            <option value="EFFECT_DENY">Deny</option>
          </Select>
        </div>
      </div>
      <ExpressionField
        id="policyCondition"
        label="Condition"
        hint="Which activities the policy applies to; empty applies to every activity. It may read activity, wallet, wallets, wallet_account, private_key, eth, solana, tron, bitcoin and tempo."
        placeholder="activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'"
        value={draft.condition}
        check={checks.condition}
        onChange={(condition) => onChange({ condition })}
      />
      <ExpressionField
        id="policyConsensus"
        label="Consensus"
        hint="For an allow: who must approve before the activity runs; empty needs nobody beyond the requester. It may read approvers and credentials; user tags are named by their ids."
        placeholder="approvers.filter(user, user.tags.contains('<user tag id>')).count() >= 2"
        value={draft.consensus}
        check={checks.consensus}
        onChange={(consensus) => onChange({ consensus })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="policyNotes">Notes</Label>
        <Textarea
          id="policyNotes"
          name="policyNotes"
          maxLength={4096}
          value={draft.notes}
          onChange={(e) => onChange({ notes: e.target.value })}
        />
      </div>
    </>
  );
}
