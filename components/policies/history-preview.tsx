"use client";

import { useMutation } from "@tanstack/react-query";
import { History } from "lucide-react";
import type { ReactNode } from "react";
import type { TSimulationResult } from "@/lib/api/simulation";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import type { SimulationDraft } from "./policy-draft";
import { SimulationTable } from "./simulation-table";

interface Simulation {
  results: TSimulationResult[];
  replayed: number;
  changed: number;
}

/** How many of the most recent activities are replayed. */
const WINDOW = "100";

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
  const session = useSession();
  const simulate = useMutation({
    mutationFn: (sent: SimulationDraft) =>
      queryUnchecked<Simulation>(session, "simulate_policies", { draft: sent, window: { limit: WINDOW } }),
  });
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
