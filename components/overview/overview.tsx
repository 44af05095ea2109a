import { ActivityChart } from "./activity-chart";
import { BalancesSummary } from "./balances-summary";
import { RecentFailures } from "./recent-failures";
import { ResourceCounts } from "./resource-counts";
import { VotesWaiting } from "./votes-waiting";

/** The dashboard's home: what happened lately, what waits, what failed, what there is and what it holds. */
export function Overview() {
  return (
    <div className="grid gap-4">
      <ResourceCounts />
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <ActivityChart />
        <VotesWaiting />
      </div>
      <RecentFailures />
      <BalancesSummary />
    </div>
  );
}
