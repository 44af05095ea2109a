import { SwapFeesDashboard } from "@/components/swap-fees/swap-fees-dashboard";

export default function SwapFeesPage() {
  return (
    <div className="grid min-w-0 gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Swap fees</h1>
      <p className="text-sm text-muted-foreground">
        The organization's client fee on swaps, the wallet account it accrues to, and the fees to claim.
      </p>
      <SwapFeesDashboard />
    </div>
  );
}
