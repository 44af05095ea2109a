"use client";

import { useWhoami } from "@/lib/queries/whoami";

/** The product's name and the signed-in organization's, atop the sidebar and the phone menu. */
export function OrganizationHeading({ testId }: { testId?: string }) {
  const me = useWhoami();
  return (
    <div className="min-w-0">
      <p className="text-lg font-semibold tracking-tight">Latchkey</p>
      <p className="mt-1 truncate text-sm text-muted-foreground" data-testid={testId}>
        {me.data?.organizationName ?? "…"}
      </p>
    </div>
  );
}
