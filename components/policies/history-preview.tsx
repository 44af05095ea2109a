"use client";

import { History } from "lucide-react";
import type { ReactNode } from "react";
import { useSimulation } from "@/lib/queries/policies";
import type { SimulationDraft } from "@/lib/queries/policy-draft";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { SimulationTable } from "./simulation-table";

/**
 * "Test against history": replay recent activities through the policies as they would be with
 * `draft` applied, and show which decisions would change. A read stamped with the session key:
 * nothing is written, no passkey prompt. Results of an older draft are marked as such.
 */
export function HistoryPreview({
  draft,
  disabled,
  actions,
}: {
  draft: SimulationDraft;
  disabled?: boolean;
  /** Buttons shown before "Test against history", on the same line. */
  actions?: ReactNode;
}) {
  const simulate = useSimulation();
  const stale =
    simulate.variables !== undefined && JSON.stringify(simulate.variables) !== JSON.stringify(draft);
  const data = simulate.data;
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        {actions}
        <Button
          type="button"
          variant="outline"
          disabled={disabled || simulate.isPending}
          onClick={() => simulate.mutate(draft)}
        >
          <History className="h-4 w-4" /> {simulate.isPending ? "Replaying…" : "Test against history"}
        </Button>
      </div>
      {simulate.error && <Alert>{simulate.error.message}</Alert>}
      {data && (
        <section className="grid gap-2" aria-label="Test against history">
          <p className="text-sm" data-testid="simulation-summary">
            <span className="font-medium">
              {data.changed} of {data.replayed} past activities would change
            </span>
            {stale && <span className="text-muted-foreground"> (for an earlier draft: test again)</span>}
          </p>
          {data.results.length > 0 && <SimulationTable results={data.results} />}
        </section>
      )}
    </div>
  );
}
