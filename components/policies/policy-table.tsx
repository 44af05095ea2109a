"use client";

import { usePolicies } from "@/lib/queries/policies";
import { Alert } from "../ui/alert";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { DeletePolicyButton } from "./delete-policy-button";
import { EffectBadge } from "./effect-badge";
import { PolicyLink } from "./policy-link";

/** An expression as written; an empty one shows what it means instead. */
const Expression = ({ source, empty }: { source: string; empty: string }) =>
  source ? (
    <code className="whitespace-pre-wrap break-all font-mono text-xs">{source}</code>
  ) : (
    <span className="text-muted-foreground">{empty}</span>
  );

/** The organization's policies; each name opens the policy to edit it. */
export function PolicyTable() {
  const policies = usePolicies();
  return (
    <div className="grid gap-2">
      {policies.error && <Alert>{policies.error.message}</Alert>}
      <Table>
        <TableHead>
          <tr>
            <TableHeader>Name</TableHeader>
            <TableHeader>Effect</TableHeader>
            <TableHeader>Condition</TableHeader>
            <TableHeader>Consensus</TableHeader>
            <TableHeader>Notes</TableHeader>
            <TableHeader />
          </tr>
        </TableHead>
        <tbody>
          {policies.data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={6} className="text-muted-foreground">
                No policies yet.
              </TableCell>
            </TableRow>
          )}
          {policies.data?.map((policy) => (
            <TableRow key={policy.policyId} data-policy={policy.policyName} className="align-top">
              <TableCell>
                <PolicyLink policyId={policy.policyId} policyName={policy.policyName} />
              </TableCell>
              <TableCell label="Effect">
                <EffectBadge effect={policy.effect} />
              </TableCell>
              <TableCell label="Condition" data-testid="policy-condition">
                <Expression source={policy.condition} empty="every activity" />
              </TableCell>
              <TableCell label="Consensus" data-testid="policy-consensus">
                <Expression
                  source={policy.consensus}
                  empty={policy.effect === "EFFECT_DENY" ? "—" : "no approvals needed"}
                />
              </TableCell>
              <TableCell label="Notes" className="max-w-64 whitespace-pre-wrap text-muted-foreground">
                {policy.notes}
              </TableCell>
              <TableCell className="text-right">
                <DeletePolicyButton policy={policy} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
