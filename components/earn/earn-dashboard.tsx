"use client";

import { useEarnFeature, useEnabledVaults, useEnableEarn } from "@/lib/queries/earn";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { EarnCatalog } from "./earn-catalog";
import { EnabledVaultCard } from "./enabled-vault-card";

/** Finance's Earn page: the organization's enabled vaults first, then the catalog to enable more. */
export function EarnDashboard() {
  const feature = useEarnFeature();
  const enabled = useEnabledVaults(feature.data === true);
  const enable = useEnableEarn();
  if (feature.error) return <Alert>{feature.error.message}</Alert>;
  if (feature.data === undefined) return <p className="text-sm text-muted-foreground">Loading…</p>;
  if (!feature.data) {
    return (
      <Card className="grid gap-3">
        <CardTitle>Earn is not enabled</CardTitle>
        <CardDescription>
          Earn is an early-access product, off until the organization turns on FEATURE_NAME_EARN_CONFIG.
        </CardDescription>
        <div>
          <Button onClick={() => enable.mutate()} disabled={enable.isPending}>
            {enable.isPending ? "Enabling…" : "Enable Earn"}
          </Button>
        </div>
        <ActivityOutcome activity={enable.data} error={enable.error} />
      </Card>
    );
  }
  if (enabled.error) return <Alert>{enabled.error.message}</Alert>;
  return (
    <div className="grid min-w-0 gap-6">
      <section className="grid min-w-0 gap-4" aria-label="Enabled vaults">
        <h2 className="text-lg font-semibold">Enabled vaults</h2>
        {enabled.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {enabled.data?.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No vault is enabled yet: deploy a wrapper from the catalog.
          </p>
        )}
        {enabled.data?.map((v) => (
          <EnabledVaultCard key={v.wrapperAddress} vault={v} />
        ))}
      </section>
      <EarnCatalog />
    </div>
  );
}
