import { EarnDashboard } from "@/components/earn/earn-dashboard";

export default function EarnPage() {
  return (
    <div className="grid min-w-0 gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Earn</h1>
      <p className="text-sm text-muted-foreground">
        Yield on the organization's assets through fee wrappers over third-party vaults: APY and TVL over
        time, the client fee to claim, deposits to pause or resume, and vaults to enable.
      </p>
      <EarnDashboard />
    </div>
  );
}
