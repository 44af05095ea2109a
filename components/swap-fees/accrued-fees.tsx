"use client";

import { claimRequestId, useClaimSwapFees, useSwapFees } from "@/lib/queries/swap-fees";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Table, TableHead, TableHeader } from "../ui/table";
import { AccruedFeeRow } from "./accrued-fee-row";
import { ClaimProgress } from "./claim-progress";

/**
 * The fees owed to the receiver, per chain and token, and Claim swap fees (claim_swap_fees, stamped
 * by the passkey): one chain per claim, so after one confirms the button pays the next.
 */
export function AccruedFees() {
  const fees = useSwapFees();
  const claim = useClaimSwapFees();
  const requestId = claimRequestId(claim.data);
  if (fees.error) return <Alert>{fees.error.message}</Alert>;
  if (!fees.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const { feeReceiverWalletAddress: receiver, fees: rows } = fees.data;
  if (!receiver) {
    return <p className="text-sm text-muted-foreground">No fee receiver is set: swaps take no fee.</p>;
  }
  const owed = rows.some((f) => BigInt(f.amount) > 0n);
  return (
    <div className="grid min-w-0 gap-3">
      <p className="break-all text-sm text-muted-foreground">Paid to {receiver}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No swap has paid this receiver a fee yet.</p>
      ) : (
        <Table>
          <TableHead>
            <tr>
              <TableHeader>Chain</TableHeader>
              <TableHeader>Token</TableHeader>
              <TableHeader>Accrued</TableHeader>
              <TableHeader>Receiver balance</TableHeader>
            </tr>
          </TableHead>
          <tbody>
            {rows.map((fee) => (
              <AccruedFeeRow key={fee.caip19} fee={fee} receiver={receiver} />
            ))}
          </tbody>
        </Table>
      )}
      <p className="text-sm" data-testid="accrued-total">
        {owed ? "Fees are waiting to be claimed." : "Nothing to claim: no fees have accrued."}
      </p>
      <div>
        <Button onClick={() => claim.mutate()} disabled={claim.isPending || !owed}>
          {claim.isPending ? "Claiming…" : "Claim swap fees"}
        </Button>
      </div>
      {requestId && <ClaimProgress key={requestId} requestId={requestId} />}
      <ActivityOutcome activity={claim.data} error={claim.error} />
    </div>
  );
}
