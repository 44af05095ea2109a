"use client";

import { useState } from "react";
import { chainInfo } from "@/lib/api/chains";
import { humanize } from "@/lib/client/format";
import { useSupportedAssets } from "@/lib/queries/assets";
import { EARN_DASHBOARD_CHAINS, useEarnCatalog } from "@/lib/queries/earn";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { Label } from "../ui/label";
import { Select } from "../ui/select";
import { DeployWrapperForm } from "./deploy-wrapper-form";

const pct = (fraction: string) => `${(Number(fraction) * 100).toFixed(2)}%`;

/** The vaults on offer per chain and asset, with TVL and APY read now; each can get a wrapper. */
export function EarnCatalog() {
  const [caip2, setCaip2] = useState<string>(EARN_DASHBOARD_CHAINS[0]);
  const assets = useSupportedAssets(caip2);
  const tokens = (assets.data ?? []).filter((a) => a.caip19.includes("/erc20:"));
  const [chosen, setChosen] = useState<string>();
  const caip19 = tokens.find((t) => t.caip19 === chosen)?.caip19 ?? tokens[0]?.caip19;
  const symbol = tokens.find((t) => t.caip19 === caip19)?.symbol ?? "";
  const catalog = useEarnCatalog(caip19);
  const [deploying, setDeploying] = useState<string>();
  return (
    <Card className="grid min-w-0 gap-4 max-sm:p-4">
      <div>
        <CardTitle>Vault catalog</CardTitle>
        <CardDescription>
          Third-party ERC-4626 vaults with at least 100k USD of TVL. Deploying a wrapper enables one for this
          organization with your client fee; the operator pays its gas.
        </CardDescription>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="earn-chain">Chain</Label>
          <Select id="earn-chain" value={caip2} onChange={(e) => setCaip2(e.target.value)}>
            {EARN_DASHBOARD_CHAINS.map((c) => (
              <option key={c} value={c}>
                {chainInfo(c)?.name ?? c}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="earn-asset">Asset</Label>
          <Select id="earn-asset" value={caip19 ?? ""} onChange={(e) => setChosen(e.target.value)}>
            {tokens.map((t) => (
              <option key={t.caip19} value={t.caip19}>
                {t.symbol}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {(assets.error ?? catalog.error) && <Alert>{(assets.error ?? catalog.error)!.message}</Alert>}
      {catalog.data?.length === 0 && (
        <p className="text-sm text-muted-foreground">No vault for this asset.</p>
      )}
      <ul className="grid gap-3" aria-label="Vaults">
        {catalog.data?.map((v) => (
          <li
            key={v.vaultAddress}
            className="grid gap-3 rounded-md border border-border p-3"
            data-testid="catalog-vault"
            data-vault={v.vaultAddress}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{v.name}</p>
                <p className="break-all text-xs text-muted-foreground">
                  {humanize(v.provider, "EARN_PROVIDER_")} · {v.curator} · {v.vaultAddress}
                </p>
              </div>
              {v.enabled && <Badge tone="success">Enabled</Badge>}
            </div>
            <p className="text-sm">
              APY <span className="font-medium">{pct(v.apyPct)}</span> · TVL {v.display.crypto} {symbol}
              {v.display.usd ? ` (${v.display.usd} USD)` : ""}
            </p>
            {deploying === v.vaultAddress ? (
              <DeployWrapperForm vault={v} />
            ) : (
              <div>
                <Button variant="outline" onClick={() => setDeploying(v.vaultAddress)}>
                  {v.enabled ? "Deploy a new fee configuration" : "Enable this vault"}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
