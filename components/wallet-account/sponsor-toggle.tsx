"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import type { SponsorAvailability } from "@/lib/queries/gas-sponsorship";
import { Checkbox } from "../ui/checkbox";

/**
 * The Send form's sponsor switch. It can be turned on only when the organization (or its parent)
 * has sponsorship enabled with a gas station for this chain family; otherwise it is disabled and
 * says why, and where that is set up.
 */
export function SponsorToggle({
  availability,
  error,
  ...input
}: Omit<ComponentProps<"input">, "type"> & { availability?: SponsorAvailability; error?: string }) {
  const reason = error
    ? `Whether this organization sponsors gas is unknown: ${error}`
    : availability && "unavailable" in availability
      ? availability.unavailable
      : undefined;
  return (
    <div className="grid gap-1">
      <Checkbox
        label="Sponsor: the organization's gas station pays the fees"
        disabled={!availability || reason !== undefined}
        aria-describedby={reason ? "sponsor-unavailable" : undefined}
        {...input}
      />
      {reason && (
        <p
          id="sponsor-unavailable"
          className="text-xs text-muted-foreground"
          data-testid="sponsor-unavailable"
        >
          {reason}{" "}
          <Link href="/organization" className="underline underline-offset-2">
            Gas sponsorship is set on the Organization page.
          </Link>
        </p>
      )}
      {availability && "gasStation" in availability && (
        <p className="break-all text-xs text-muted-foreground" data-testid="gas-station">
          Gas station: <span className="font-mono">{availability.gasStation}</span>
        </p>
      )}
    </div>
  );
}
