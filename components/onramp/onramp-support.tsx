"use client";

import { RecentTransactions } from "./recent-transactions";
import { TransactionLookup } from "./transaction-lookup";
import { useOnRampParams } from "./use-onramp-params";

/** Support's On-ramp page: a lookup by id above the recent purchases it can be filled from. */
export function OnRampSupport() {
  const { params, set } = useOnRampParams();
  return (
    <div className="grid gap-4">
      {/* Keyed by id: a new lookup starts from what the URL names. */}
      <TransactionLookup key={params.id} id={params.id} onLookup={(id) => set({ id })} />
      <RecentTransactions
        status={params.status}
        provider={params.provider}
        onFilter={(change) => set(change)}
        onOpen={(id) => set({ id })}
      />
    </div>
  );
}
