"use client";

import { useSwapConfig } from "@/lib/queries/swap-fees";
import { Alert } from "../ui/alert";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { AccruedFees } from "./accrued-fees";
import { SwapConfigForm } from "./swap-config-form";

/** Finance's Swap fees page: the config in force with its form, then what it has earned. */
export function SwapFeesDashboard() {
  const config = useSwapConfig();
  return (
    <div className="grid min-w-0 gap-6">
      <Card className="grid min-w-0 gap-3 max-sm:p-4">
        <CardTitle>Fee config</CardTitle>
        <CardDescription>
          The client fee every swap of this organization pays, and the wallet account it accrues to.
        </CardDescription>
        {config.error && <Alert>{config.error.message}</Alert>}
        {config.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {config.data && <SwapConfigForm config={config.data} />}
      </Card>
      <Card className="grid min-w-0 gap-3 max-sm:p-4">
        <CardTitle>Accrued fees</CardTitle>
        <CardDescription>
          Held by the swap provider for the receiver until claimed, read from the chain.
        </CardDescription>
        <AccruedFees />
      </Card>
    </div>
  );
}
