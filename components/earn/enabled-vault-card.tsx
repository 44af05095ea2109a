"use client";

import type { TEarnEnabledVault } from "@/lib/api/earn-wrappers";
import { humanize } from "@/lib/client/format";
import { useSupportedAssets } from "@/lib/queries/assets";
import { earnRequestId, useClaimEarnFees, useSetWrapperState } from "@/lib/queries/earn";
import { ActivityOutcome } from "../ui/activity-outcome";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { RequestProgress } from "./request-progress";
import { VaultCharts } from "./vault-charts";

const pct = (fraction: string) => `${(Number(fraction) * 100).toFixed(2)}%`;
const withUsd = (d: { crypto: string; usd?: string }, symbol: string) =>
  `${d.crypto} ${symbol}${d.usd ? ` (${d.usd} USD)` : ""}`;

/** One deployed wrapper: its figures now, its history, its claimable fee with Claim, pause/resume. */
export function EnabledVaultCard({ vault }: { vault: TEarnEnabledVault }) {
  const caip2 = vault.caip19.split("/")[0]!;
  // The answer names the asset by CAIP-19 only; the chain's asset list has its symbol.
  const symbol =
    useSupportedAssets(caip2).data?.find((a) => a.caip19.toLowerCase() === vault.caip19)?.symbol ?? "";
  const claim = useClaimEarnFees();
  const setState = useSetWrapperState();
  const claimId = earnRequestId(claim.data, "claimEarnFeesResult", "claimRequestId");
  const nothingToClaim = BigInt(vault.claimableClientFee) === 0n;
  return (
    <Card
      className="grid min-w-0 gap-4 max-sm:p-4"
      data-testid="enabled-vault"
      data-wrapper={vault.wrapperAddress}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <CardTitle>{vault.name}</CardTitle>
          <CardDescription className="break-all">
            {humanize(vault.provider, "EARN_PROVIDER_")} · {vault.curator} · {caip2} · wrapper{" "}
            {vault.wrapperAddress}
          </CardDescription>
        </div>
        {vault.depositsDisabled ? (
          <Badge tone="warning">Deposits paused</Badge>
        ) : (
          <Badge tone="success">Open</Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Gross APY</dt>
          <dd data-testid="gross-apy">{pct(vault.apyPct)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Net APY</dt>
          <dd data-testid="net-apy">{pct(vault.netApyPct)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Client fee</dt>
          <dd>{Number(vault.clientFeeBps) / 100}%</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted-foreground">TVL</dt>
          <dd className="break-words">{withUsd(vault.display, symbol)}</dd>
        </div>
      </dl>
      <VaultCharts wrapperAddress={vault.wrapperAddress} caip2={caip2} />
      <div className="grid gap-2 rounded-md border border-border p-3">
        <p className="text-sm">
          Claimable client fee:{" "}
          <span className="font-medium" data-testid="claimable-fee" data-raw={vault.claimableClientFee}>
            {withUsd(vault.claimableClientFeeDisplay, symbol)}
          </span>
        </p>
        <p className="break-all text-xs text-muted-foreground">Paid to {vault.clientFeeWallet}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => claim.mutate({ wrapperAddress: vault.wrapperAddress })}
            disabled={claim.isPending || nothingToClaim}
          >
            {claim.isPending ? "Claiming…" : "Claim fees"}
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              setState.mutate({
                wrapperAddress: vault.wrapperAddress,
                depositsDisabled: !vault.depositsDisabled,
              })
            }
            disabled={setState.isPending}
          >
            {vault.depositsDisabled ? "Resume deposits" : "Pause deposits"}
          </Button>
        </div>
        <RequestProgress path="get_claim_earn_fees_status" requestId={claimId} what="Fee claim" />
        <ActivityOutcome activity={claim.data} error={claim.error} />
        <ActivityOutcome activity={setState.data} error={setState.error} />
      </div>
    </Card>
  );
}
