"use client";

import { formatUnits } from "viem";
import type { TSwapStatus } from "@/lib/api/swaps";
import type { Tone } from "@/lib/client/format";
import type { SwapPlan } from "@/lib/queries/swap-form";
import { useSwapStatus } from "@/lib/queries/swaps";
import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";

const TONES: Record<TSwapStatus["status"], Tone> = {
  PENDING: "warning",
  COMPLETED: "success",
  FAILED: "danger",
};

/** An executed swap's status (get_swap_status, asked every second until final): hash, output, or why it failed. */
export function SwapStatus({ swapRequestId, plan }: { swapRequestId: string; plan: SwapPlan }) {
  const status = useSwapStatus(swapRequestId);
  if (status.error)
    return (
      <span role="alert" className="text-sm text-destructive">
        {status.error.message}
      </span>
    );
  const data = status.data;
  if (!data) return <span className="text-sm text-muted-foreground">Loading…</span>;
  return (
    <div className="grid gap-1" data-swap-request-id={swapRequestId}>
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={TONES[data.status]} data-testid="swap-status">
          {data.status}
        </Badge>
        {data.originTxHash && (
          <span className="flex items-center gap-1">
            <span className="break-all font-mono text-xs" data-testid="swap-tx-hash">
              {data.originTxHash}
            </span>
            <CopyButton value={data.originTxHash} label={`Copy transaction hash ${data.originTxHash}`} />
          </span>
        )}
      </span>
      {data.outputAmount && (
        <span className="text-sm" data-testid="swap-received">
          Received {formatUnits(BigInt(data.outputAmount), plan.output.decimals)} {plan.output.symbol}
        </span>
      )}
      {data.error && (
        <span className="text-sm text-destructive" data-testid="swap-error">
          {data.error.message}
        </span>
      )}
    </div>
  );
}
