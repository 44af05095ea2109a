"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSendStatus } from "@/lib/queries/sends";
import { SWAP_FEES } from "@/lib/queries/swap-fees";
import { Alert } from "../ui/alert";

const FINAL = new Set(["COMPLETED", "FAILED"]);

/**
 * Where a claim's send stands (get_send_transaction_status, every second until final). Once final,
 * the accrued fees are read again; the receiver's balances are refreshed by the send status itself.
 */
export function ClaimProgress({ requestId }: { requestId: string }) {
  const status = useSendStatus(requestId);
  const queryClient = useQueryClient();
  const state = status.data?.txStatus;
  const final = state !== undefined && FINAL.has(state);
  useEffect(() => {
    if (final) queryClient.invalidateQueries({ queryKey: [SWAP_FEES] });
  }, [final, queryClient]);
  if (status.error) return <Alert>{status.error.message}</Alert>;
  const hash = status.data?.eth?.txHash;
  return (
    <p role="status" className="text-sm" data-testid="claim-progress" data-state={state ?? "PENDING"}>
      {!final && "Claim: waiting for the transaction to confirm…"}
      {state === "COMPLETED" && "Claim: confirmed, the fees are at the receiver."}
      {state === "FAILED" && (
        <span className="text-destructive">
          Claim failed: {status.data?.error?.message ?? status.data?.txError ?? "the transaction reverted"}
        </span>
      )}
      {hash && <span className="block break-all font-mono text-xs text-muted-foreground">{hash}</span>}
    </p>
  );
}
