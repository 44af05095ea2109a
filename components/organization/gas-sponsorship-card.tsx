"use client";

import { useGasSponsorship } from "@/lib/queries/gas-sponsorship";
import { Alert } from "../ui/alert";
import { Badge } from "../ui/badge";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { GasSponsorshipForm } from "./gas-sponsorship-form";

const SOURCES = {
  OWN: "This organization's own configuration.",
  PARENT: "Governed by the parent organization's configuration; saving here gives this organization its own.",
  NONE: "Not set up: sponsored sends are refused until a configuration is saved.",
} as const;

/** Gas sponsorship: who pays sponsored gas (the gas stations), the limits, and what the window has used. */
export function GasSponsorshipCard() {
  const sponsorship = useGasSponsorship();
  const data = sponsorship.data;
  return (
    <Card aria-labelledby="gas-sponsorship-title">
      <CardTitle id="gas-sponsorship-title" className="flex items-center gap-2">
        Gas sponsorship
        {data && (
          <Badge tone={data.enabled ? "success" : "neutral"} data-testid="sponsorship-state">
            {data.enabled ? "Enabled" : "Disabled"}
          </Badge>
        )}
      </CardTitle>
      <CardDescription>
        Sends marked "sponsor" have their gas paid by the organization's gas station accounts, within a
        rolling USD limit.
      </CardDescription>
      {sponsorship.error && <Alert className="mt-4">{sponsorship.error.message}</Alert>}
      {!data && !sponsorship.error && <p className="mt-4 text-sm text-muted-foreground">Loading…</p>}
      {data && (
        <div className="mt-4 grid gap-4">
          <p className="text-sm text-muted-foreground">{SOURCES[data.source]}</p>
          <p className="text-sm" data-testid="gas-usage">
            Used <span className="font-mono">${data.usageUsd}</span> of{" "}
            <span className="font-mono">${data.windowLimitUsd}</span> in the last {data.windowDurationMinutes}{" "}
            minutes
          </p>
          {/* Keyed by the configuration in force, so that a change decided elsewhere resets the draft. */}
          <GasSponsorshipForm key={JSON.stringify(data)} current={data} />
        </div>
      )}
    </Card>
  );
}
